# AM_TSAN=ON: every target built with ThreadSanitizer, for the engine's and the grow
# controller's threads (the background loader, the checkpoint cache's worker, the sweep
# threads, the trainer's thread). tools/test.sh builds build-tsan/ this way with clang and
# RelWithDebInfo, for test_engine and test_grow only. -O1 with line tables, as TSan's
# documentation advises; the model and the trainer keep -O2 (AM_SANITIZED_NUMERICS_OPT),
# as in the ASan build.
set(AM_TSAN_FLAGS -fsanitize=thread -fno-omit-frame-pointer)
add_compile_options(${AM_TSAN_FLAGS})
add_link_options(-fsanitize=thread)
include(${CMAKE_CURRENT_LIST_DIR}/SanitizedLevels.cmake)
am_sanitized_levels(-O1)
