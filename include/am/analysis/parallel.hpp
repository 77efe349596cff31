// A minimal parallel loop over std::thread: the analysis is many independent
// forward passes, and the machine has two cores.
#pragma once

#include <functional>

namespace am::analysis {

// Calls work(index, worker) once for every index in [0, count), on up to `threads`
// threads (the caller's thread is worker 0). Indices are handed out one at a time, so
// uneven items balance; worker ids are in [0, threads) for per-thread scratch.
// Callers must write results per index and combine them in index order, so that
// the outcome never depends on the thread count.
void parallel_for(int count, int threads, const std::function<void(int index, int worker)>& work);

// Clamps a requested thread count to [1, hardware threads] (0 = all hardware threads).
int resolve_threads(int requested);

}  // namespace am::analysis
