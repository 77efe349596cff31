// What the process itself costs, for the benchmarks: CPU time of all its threads,
// its age, its resident memory; and handing free heap memory back.
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
// The resident set now (VmRSS) in MB; -1 if unknown.
double process_rss_mb();

// Gives the free pages inside the heap back to the system (glibc's malloc_trim; the
// heap's top alone is returned by itself). A few milliseconds: for when the window goes
// idle, and once a second while it draws, not for every frame.
void release_free_heap();

}  // namespace am::app
