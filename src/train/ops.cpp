#include "am/train/ops.hpp"

// The AVX2 and AVX-512 copies need GCC's target pragmas on x86-64; elsewhere only the
// portable baseline is built.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define AM_TRAIN_X86_LEVELS 1
#include <immintrin.h>
#else
#define AM_TRAIN_X86_LEVELS 0
#endif

#include <algorithm>
#include <cmath>
#include <cstring>

#include "am/model/config.hpp"
#include "am/model/cpu_features.hpp"
#include "am/train/fast_math.hpp"

// Helpers of the kernels must be inlined into them to be compiled for their instruction set.
#define AM_INLINE inline __attribute__((always_inline))

namespace am::train::ops {

namespace isa_baseline {
#define AM_VECTOR_BYTES 16
#include "ops_kernels.inc"
#undef AM_VECTOR_BYTES
}  // namespace isa_baseline

#if AM_TRAIN_X86_LEVELS
#pragma GCC push_options
#pragma GCC target("avx2,fma")
namespace isa_avx2 {
#define AM_VECTOR_BYTES 32
#include "ops_kernels.inc"
#undef AM_VECTOR_BYTES
}  // namespace isa_avx2
#pragma GCC pop_options

// Within the common AVX-512 set of am/model/cpu_features.hpp (F, VL, BW, DQ): the
// dispatcher picks this copy only on CPUs that have all of those.
#pragma GCC push_options
#pragma GCC target("avx512f,avx512vl,avx512dq,avx2,fma")
namespace isa_avx512 {
#define AM_VECTOR_BYTES 64
#include "ops_kernels.inc"
#undef AM_VECTOR_BYTES
}  // namespace isa_avx512
#pragma GCC pop_options
#endif

// Each public kernel forwards to the body compiled for am::simd_level(), the level the
// model's kernels run at too (where only the baseline is built, it serves every level).
#if AM_TRAIN_X86_LEVELS
#define AM_DISPATCH(call)      \
  switch (simd_level()) {      \
    case SimdLevel::kAvx512:   \
      return isa_avx512::call; \
    case SimdLevel::kAvx2:     \
      return isa_avx2::call;   \
    case SimdLevel::kBaseline: \
      break;                   \
  }                            \
  return isa_baseline::call;
#else
#define AM_DISPATCH(call) return isa_baseline::call;
#endif

template <typename F>
void matmul(F* C, int ldc, const F* A, int lda, const F* B, int ldb, const F* bias, int R, int P, int N,
            bool accumulate) {
  AM_DISPATCH(matmul(C, ldc, A, lda, B, ldb, bias, R, P, N, accumulate))
}
template <typename F>
void transpose(F* out, const F* in, int R, int C, int ld_in) {
  AM_DISPATCH(transpose(out, in, R, C, ld_in))
}
template <typename F>
void linear_forward(F* y, const F* x, const F* Wt, const F* b, int T, int K, int N) {
  AM_DISPATCH(linear_forward(y, x, Wt, b, T, K, N))
}
template <typename F>
void linear_backward(F* dx, F* dW, F* db, const F* dy, const F* x, const F* W, int T, int K, int N) {
  AM_DISPATCH(linear_backward(dx, dW, db, dy, x, W, T, K, N))
}
template <typename F>
void layernorm_forward(F* y, F* mean, F* rstd, const F* x, const F* w, const F* b, int T, int C) {
  AM_DISPATCH(layernorm_forward(y, mean, rstd, x, w, b, T, C))
}
template <typename F>
void layernorm_backward(F* dx, F* dw, F* db, const F* dy, const F* x, const F* mean, const F* rstd, const F* w,
                        int T, int C) {
  AM_DISPATCH(layernorm_backward(dx, dw, db, dy, x, mean, rstd, w, T, C))
}
template <typename F>
void gelu_forward(F* y, F* slope, const F* x, int n) {
  AM_DISPATCH(gelu_forward(y, slope, x, n))
}
template <typename F>
void gelu_backward(F* dx, const F* dy, const F* slope, int n) {
  AM_DISPATCH(gelu_backward(dx, dy, slope, n))
}
template <typename F>
void attention_forward(F* out, F* probs, const F* qkv, int T, F* scratch) {
  AM_DISPATCH(attention_forward(out, probs, qkv, T, scratch))
}
template <typename F>
void attention_backward(F* dqkv, const F* dout, const F* probs, const F* qkv, int T, F* scratch) {
  AM_DISPATCH(attention_backward(dqkv, dout, probs, qkv, T, scratch))
}
template <typename F>
double cross_entropy(F* dlogits, const F* logits, const int* targets, int T, int V, int ld, F scale) {
  AM_DISPATCH(cross_entropy(dlogits, logits, targets, T, V, ld, scale))
}
template <typename F>
void embed_forward(F* x0, const F* E, const F* pos, const int* ids, int T) {
  AM_DISPATCH(embed_forward(x0, E, pos, ids, T))
}
template <typename F>
void embed_backward(F* dE, const F* dx0, const int* ids, int T) {
  AM_DISPATCH(embed_backward(dE, dx0, ids, T))
}
#undef AM_DISPATCH

#define AM_INSTANTIATE(F)                                                                          \
  template void matmul<F>(F*, int, const F*, int, const F*, int, const F*, int, int, int, bool);      \
  template void transpose<F>(F*, const F*, int, int, int);                                         \
  template void linear_forward<F>(F*, const F*, const F*, const F*, int, int, int);               \
  template void linear_backward<F>(F*, F*, F*, const F*, const F*, const F*, int, int, int);      \
  template void layernorm_forward<F>(F*, F*, F*, const F*, const F*, const F*, int, int);         \
  template void layernorm_backward<F>(F*, F*, F*, const F*, const F*, const F*, const F*,         \
                                      const F*, int, int);                                        \
  template void gelu_forward<F>(F*, F*, const F*, int);                                           \
  template void gelu_backward<F>(F*, const F*, const F*, int);                                    \
  template void attention_forward<F>(F*, F*, const F*, int, F*);                                  \
  template void attention_backward<F>(F*, const F*, const F*, const F*, int, F*);                 \
  template double cross_entropy<F>(F*, const F*, const int*, int, int, int, F);                   \
  template void embed_forward<F>(F*, const F*, const F*, const int*, int);                        \
  template void embed_backward<F>(F*, const F*, const int*, int);

AM_INSTANTIATE(float)
AM_INSTANTIATE(double)
#undef AM_INSTANTIATE

}  // namespace am::train::ops
