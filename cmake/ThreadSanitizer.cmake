# AM_TSAN=ON: every target built with ThreadSanitizer, for the engine's and the grow
# controller's threads (the background loader, the checkpoint cache's worker, the sweep
# threads, the trainer's thread). tools/test.sh builds build-tsan/ this way with clang and
# RelWithDebInfo, for test_engine and test_grow only. -O1 with line tables, as TSan's
# documentation advises; the model and the trainer keep -O2 (AM_SANITIZED_NUMERICS_OPT),
# as in the ASan build.
set(AM_TSAN_FLAGS -fsanitize=thread -fno-omit-frame-pointer)
add_compile_options(${AM_TSAN_FLAGS})
add_link_options(-fsanitize=thread)
if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  string(REPLACE "-g" "-gline-tables-only" CMAKE_CXX_FLAGS_RELWITHDEBINFO "${CMAKE_CXX_FLAGS_RELWITHDEBINFO}")
  string(REPLACE "-g" "-gline-tables-only" CMAKE_C_FLAGS_RELWITHDEBINFO "${CMAKE_C_FLAGS_RELWITHDEBINFO}")
endif()
foreach(lang C CXX)
  string(REGEX REPLACE "-O[23s]" "-O1" CMAKE_${lang}_FLAGS_RELWITHDEBINFO "${CMAKE_${lang}_FLAGS_RELWITHDEBINFO}")
endforeach()
set(AM_SANITIZED_NUMERICS_OPT -O2)
