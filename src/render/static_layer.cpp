#include "am/render/static_layer.hpp"

#include <cstring>

namespace am::render {

void hash_bytes(std::uint64_t& h, const void* data, std::size_t bytes) {
  const auto* p = static_cast<const unsigned char*>(data);
  std::size_t i = 0;
  for (; i + 8 <= bytes; i += 8) {
    std::uint64_t w = 0;
    std::memcpy(&w, p + i, 8);
    h = (h ^ w) * 0x100000001b3ull;
  }
  for (; i < bytes; ++i) h = (h ^ p[i]) * 0x100000001b3ull;
}

BatchHashes hash_batches(const DrawList& list) {
  BatchHashes out{};
  for (std::size_t m = 0; m < static_cast<std::size_t>(kMeshCount); ++m)
    for (std::size_t k = 0; k < static_cast<std::size_t>(kMaterialCount); ++k) {
      const auto& batch = list.batches[m][k];
      std::uint64_t h = kHashSeed;
      const std::size_t n = batch.size();
      hash_bytes(h, &n, sizeof n);
      hash_bytes(h, batch.data(), batch.size() * sizeof(Instance));
      out[m][k] = h;
    }
  return out;
}

bool StaticLayer::reuse(const BatchHashes& batches, std::uint64_t context) {
  bool still_right = valid_ && context == context_at_snapshot_;
  for (std::size_t m = 0; still_right && m < batches.size(); ++m)
    for (std::size_t k = 0; k < batches[m].size(); ++k)
      if (!excluded_[m][k] && batches[m][k] != at_snapshot_[m][k]) {
        still_right = false;
        break;
      }
  if (!still_right) {
    // A new layer: leave out the glowing batches that are moving right now.
    valid_ = false;
    any_excluded_ = false;
    for (std::size_t m = 0; m < batches.size(); ++m)
      for (std::size_t k = 0; k < batches[m].size(); ++k) {
        const bool moving = have_previous_ && batches[m][k] != previous_[m][k];
        excluded_[m][k] = moving && static_cast<Material>(k) == Material::kGlow;
        any_excluded_ = any_excluded_ || excluded_[m][k];
      }
    at_snapshot_ = batches;
    context_at_snapshot_ = context;
  }
  previous_ = batches;
  have_previous_ = true;
  return still_right;
}

}  // namespace am::render
