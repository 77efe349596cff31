# Generates the OpenGL 3.3 core loader into the build tree with Debian's python3-glad.
include_guard(GLOBAL)
# --reproducible keeps glad offline (without it, it tries to download the GL spec).
find_program(GLAD_EXECUTABLE glad PATHS /usr/bin NO_DEFAULT_PATH)
if(NOT GLAD_EXECUTABLE)
  find_program(GLAD_EXECUTABLE glad)
endif()
if(NOT GLAD_EXECUTABLE)
  message(FATAL_ERROR "glad not found: install python3-glad (tools/setup.sh does this)")
endif()

set(GLAD_OUT_DIR "${CMAKE_BINARY_DIR}/glad")
if(NOT EXISTS "${GLAD_OUT_DIR}/src/gl.c")
  execute_process(
    COMMAND "${GLAD_EXECUTABLE}" --reproducible --quiet --api gl:core=3.3 --out-path "${GLAD_OUT_DIR}" c
    RESULT_VARIABLE glad_result
    OUTPUT_VARIABLE glad_output
    ERROR_VARIABLE glad_output)
  if(NOT glad_result EQUAL 0 OR NOT EXISTS "${GLAD_OUT_DIR}/src/gl.c")
    message(FATAL_ERROR "glad failed to generate the GL loader:\n${glad_output}")
  endif()
endif()

add_library(am_glad STATIC "${GLAD_OUT_DIR}/src/gl.c")
target_include_directories(am_glad SYSTEM PUBLIC "${GLAD_OUT_DIR}/include")
set_target_properties(am_glad PROPERTIES POSITION_INDEPENDENT_CODE ON)
