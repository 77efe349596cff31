# am_sanitized_levels(LEVEL): the optimisation level and debug info of a sanitized build
# (cmake/Sanitizers.cmake, cmake/ThreadSanitizer.cmake), both RelWithDebInfo with clang.
# Line tables are all a sanitizer's stack trace needs: full debug info would make these
# builds, which tools/test.sh compiles from scratch beside the Release suite, a third
# slower. The model and the trainer keep -O2 whatever LEVEL is (AM_SANITIZED_NUMERICS_OPT,
# added after the build's own level by am_numerics_keep_o2 in src/model and src/train): at -O1
# clang fuses fewer multiply-adds and one activation moves past the 1e-4 cross-check.
macro(am_sanitized_levels level)
  if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    string(REPLACE "-g" "-gline-tables-only" CMAKE_CXX_FLAGS_RELWITHDEBINFO "${CMAKE_CXX_FLAGS_RELWITHDEBINFO}")
    string(REPLACE "-g" "-gline-tables-only" CMAKE_C_FLAGS_RELWITHDEBINFO "${CMAKE_C_FLAGS_RELWITHDEBINFO}")
  endif()
  foreach(lang C CXX)
    string(REGEX REPLACE "-O[0123s]" "${level}" CMAKE_${lang}_FLAGS_RELWITHDEBINFO "${CMAKE_${lang}_FLAGS_RELWITHDEBINFO}")
  endforeach()
  set(AM_SANITIZED_NUMERICS_OPT -O2)
endmacro()
