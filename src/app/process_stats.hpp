// What the process itself costs, for the benchmarks: CPU time of all its threads,
// its age, and its peak resident memory.
#pragma once

namespace am::app {

// CPU time of every thread of the process (llvmpipe renders on its own threads):
// unlike wall time, it barely changes when other programs share the machine.
double process_cpu_seconds();
// Milliseconds since this process started (the kernel's start time, so loading the
// executable and its libraries counts too); 10 ms resolution; -1 if unknown.
double process_age_ms();
// The peak resident set (VmHWM of /proc/self/status) in MB; -1 if unknown.
double process_peak_rss_mb();

}  // namespace am::app
