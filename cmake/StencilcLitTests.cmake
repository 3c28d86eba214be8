# StencilcLitTests.cmake - lit + FileCheck tests of a project's own specs.
#
#   stencilc_add_lit_tests(NAME <name>
#                          DIRECTORY <dir>               the tests (default: .)
#                          [SUFFIXES .cpp .test .sir]    what lit runs there
#                          [ARCH 90]                     sm_NN of %nvcc and %arch
#                          [OPTIONAL])                   warn instead of failing
#                                                        when lit or FileCheck is missing
#
# Writes <build dir>/<name>/lit.site.cfg.py, which points lit at <dir> (the
# sources) and loads the package's lit configuration (lit/lit.cfg.py beside
# this file), and registers a CTest test <name> that runs lit on it, so that
# `ctest` runs the suite; a target check-<name> runs it too. docs/testing.md
# describes the substitutions and features; in short: %stencilc,
# %stencilc-opt, %dsl and %runtime (the include directory), %nvcc and %arch,
# FileCheck and not on PATH, features `nvcc` and `gpu`.
#
# What it needs, each found at configure time or given as a cache variable:
#   STENCILC_LIT        lit.py (or a lit / llvm-lit executable)
#   STENCILC_FILECHECK  FileCheck
#   STENCILC_NOT        not
#   Python3             the interpreter lit runs in (FindPython3)
# On Debian and Ubuntu all three LLVM tools come with llvm-19-tools.
# Optional, detected the same way:
#   STENCILC_NVCC       nvcc (feature `nvcc`, substitution %nvcc): the CUDA
#                       compiler of the project, else nvcc on PATH or in
#                       /usr/local/cuda/bin
#   STENCILC_LIT_GPU    AUTO (default: `nvidia-smi -L` lists a GPU), ON or OFF
#                       (feature `gpu`)
include_guard(GLOBAL)

# A global property, not a variable: include_guard(GLOBAL) reads this file
# once, and the function may be called from another directory.
set_property(GLOBAL PROPERTY STENCILC_LIT_CONFIG_DIR "${CMAKE_CURRENT_LIST_DIR}/lit")

# _stencilc_lit_require(VAR WHAT): VAR (a cache variable) must name an
# existing file; if it does not, the reason goes to the caller's `problems`.
macro(_stencilc_lit_require var what)
  if(NOT ${var})
    list(APPEND problems "${what} was not found (set ${var} to its path)")
  elseif(NOT EXISTS "${${var}}")
    list(APPEND problems "${var} is '${${var}}', which does not exist")
  endif()
endmacro()

function(stencilc_add_lit_tests)
  cmake_parse_arguments(PARSE_ARGV 0 ARG "OPTIONAL" "NAME;DIRECTORY;ARCH" "SUFFIXES")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "stencilc_add_lit_tests: unexpected arguments "
      "'${ARG_UNPARSED_ARGUMENTS}' (expected NAME, DIRECTORY, SUFFIXES, ARCH, OPTIONAL)")
  endif()
  if(NOT ARG_NAME)
    message(FATAL_ERROR "stencilc_add_lit_tests: no NAME given (the CTest test's name)")
  endif()
  if(NOT ARG_NAME MATCHES "^[A-Za-z0-9_.+-]+$")
    message(FATAL_ERROR "stencilc_add_lit_tests: NAME '${ARG_NAME}' must be letters, "
      "digits and _.+- (it names a directory and a target)")
  endif()
  set(name ${ARG_NAME})
  if(NOT DEFINED ARG_DIRECTORY)
    set(ARG_DIRECTORY .)
  endif()
  get_filename_component(source_dir "${ARG_DIRECTORY}" ABSOLUTE
    BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
  if(NOT IS_DIRECTORY "${source_dir}")
    message(FATAL_ERROR "stencilc_add_lit_tests(${name}): no such directory '${source_dir}'")
  endif()
  if(NOT ARG_SUFFIXES)
    set(ARG_SUFFIXES .cpp .test .sir)
  endif()
  if(NOT CMAKE_TESTING_ENABLED)
    message(FATAL_ERROR "stencilc_add_lit_tests(${name}): testing is not enabled in "
      "this directory, so ctest would not see the suite; call enable_testing() "
      "(or include(CTest)) in the top-level CMakeLists.txt before this call")
  endif()

  # --- the tools --------------------------------------------------------------
  # The LLVM stencilc was built with is the first place to look: its
  # llvm-19-tools hold FileCheck, not and lit.py.
  set(llvm_bin ${STENCILC_LLVM_TOOLS_DIR} /usr/lib/llvm-19/bin)
  set(lit_dirs)
  foreach(dir IN LISTS llvm_bin)
    list(APPEND lit_dirs ${dir}/../build/utils/lit)
  endforeach()
  find_program(STENCILC_LIT NAMES lit.py llvm-lit lit HINTS ${lit_dirs} ${llvm_bin}
    DOC "lit: lit.py, or a lit or llvm-lit executable (llvm-19-tools)")
  find_program(STENCILC_FILECHECK NAMES FileCheck FileCheck-19 HINTS ${llvm_bin}
    DOC "FileCheck (llvm-19-tools)")
  find_program(STENCILC_NOT NAMES not HINTS ${llvm_bin} NO_DEFAULT_PATH
    DOC "LLVM's not (llvm-19-tools)")
  find_package(Python3 COMPONENTS Interpreter QUIET)
  set(problems)
  _stencilc_lit_require(STENCILC_LIT "lit (lit.py)")
  _stencilc_lit_require(STENCILC_FILECHECK "FileCheck")
  _stencilc_lit_require(STENCILC_NOT "LLVM's 'not'")
  if(NOT Python3_Interpreter_FOUND)
    list(APPEND problems "a Python 3 interpreter was not found (lit is Python; set Python3_EXECUTABLE)")
  endif()
  if(NOT problems)
    if(STENCILC_LIT MATCHES "\\.py$")
      set(lit_command ${Python3_EXECUTABLE} ${STENCILC_LIT})
    else()
      set(lit_command ${STENCILC_LIT})
    endif()
    execute_process(COMMAND ${lit_command} --version RESULT_VARIABLE lit_status
      OUTPUT_VARIABLE lit_output ERROR_VARIABLE lit_output)
    if(NOT lit_status EQUAL 0)
      string(STRIP "${lit_output}" lit_output)
      list(APPEND problems "'${lit_command}' --version failed (${lit_status}): ${lit_output}")
    endif()
  endif()
  if(problems)
    list(JOIN problems ";\n  " text)
    string(CONCAT text "stencilc_add_lit_tests(${name}): cannot run lit tests:\n  ${text}.\n"
      "To fix it: on Debian or Ubuntu `apt-get install llvm-19-tools` provides "
      "/usr/lib/llvm-19/bin/FileCheck, /usr/lib/llvm-19/bin/not and "
      "/usr/lib/llvm-19/build/utils/lit/lit.py (`dpkg -L llvm-19-tools` lists them); "
      "or point the cache variables "
      "STENCILC_LIT, STENCILC_FILECHECK and STENCILC_NOT at your own")
    if(ARG_OPTIONAL)
      message(WARNING "${text}\nThe suite '${name}' is not registered with CTest.")
      return()
    endif()
    message(FATAL_ERROR "${text}")
  endif()

  # FileCheck and not by those names, first on the tests' PATH, whatever the
  # files found are called (FileCheck-19).
  set(binary_dir ${CMAKE_CURRENT_BINARY_DIR}/${name})
  set(tools_dir ${binary_dir}/tools)
  file(MAKE_DIRECTORY ${tools_dir})
  file(CREATE_LINK ${STENCILC_FILECHECK} ${tools_dir}/FileCheck SYMBOLIC)
  file(CREATE_LINK ${STENCILC_NOT} ${tools_dir}/not SYMBOLIC)

  # --- features ---------------------------------------------------------------
  if(NOT STENCILC_NVCC)
    get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
    if("CUDA" IN_LIST languages AND CMAKE_CUDA_COMPILER_ID STREQUAL "NVIDIA")
      set(STENCILC_NVCC ${CMAKE_CUDA_COMPILER} CACHE FILEPATH "nvcc for REQUIRES: nvcc tests")
    else()
      find_program(STENCILC_NVCC nvcc HINTS /usr/local/cuda/bin
        DOC "nvcc for REQUIRES: nvcc tests")
    endif()
  endif()
  set(nvcc "")
  if(STENCILC_NVCC AND EXISTS "${STENCILC_NVCC}")
    set(nvcc ${STENCILC_NVCC})
  endif()
  set(STENCILC_LIT_GPU AUTO CACHE STRING
    "feature `gpu` of stencilc lit tests: AUTO (nvidia-smi -L lists a GPU), ON or OFF")
  set_property(CACHE STENCILC_LIT_GPU PROPERTY STRINGS AUTO ON OFF)
  if(STENCILC_LIT_GPU STREQUAL "AUTO")
    set(gpu False)
    find_program(STENCILC_NVIDIA_SMI nvidia-smi DOC "nvidia-smi, to detect a GPU")
    if(STENCILC_NVIDIA_SMI)
      execute_process(COMMAND ${STENCILC_NVIDIA_SMI} -L RESULT_VARIABLE smi_status
        OUTPUT_VARIABLE smi_output ERROR_QUIET)
      if(smi_status EQUAL 0 AND smi_output MATCHES "GPU [0-9]+:")
        set(gpu True)
      endif()
    endif()
  elseif(STENCILC_LIT_GPU)
    set(gpu True)
  else()
    set(gpu False)
  endif()
  if(ARG_ARCH)
    set(arch ${ARG_ARCH})
  else()
    set(arch 90)
    if(CMAKE_CUDA_ARCHITECTURES)
      list(GET CMAKE_CUDA_ARCHITECTURES 0 first_arch)
      if(first_arch MATCHES "^([0-9]+[af]?)(-real|-virtual)?$")
        set(arch ${CMAKE_MATCH_1})
      endif()
    endif()
  endif()
  if(NOT arch MATCHES "^[0-9]+[af]?$")
    message(FATAL_ERROR "stencilc_add_lit_tests(${name}): ARCH '${arch}' is not a "
      "compute capability like 90 (for sm_90)")
  endif()

  # --- the suite ----------------------------------------------------------------
  get_target_property(stencilc stencilc::stencilc LOCATION)
  get_target_property(stencilc_opt stencilc::stencilc-opt LOCATION)
  list(GET STENCILC_INCLUDE_DIRS 0 dsl_dir)
  list(GET STENCILC_INCLUDE_DIRS -1 runtime_dir)
  set(suffixes)
  foreach(suffix IN LISTS ARG_SUFFIXES)
    string(APPEND suffixes "\"${suffix}\", ")
  endforeach()
  get_property(lit_config_dir GLOBAL PROPERTY STENCILC_LIT_CONFIG_DIR)
  configure_file(${lit_config_dir}/lit.site.cfg.py.in ${binary_dir}/lit.site.cfg.py @ONLY)
  set(features)
  if(nvcc)
    list(APPEND features nvcc)
  endif()
  if(gpu)
    list(APPEND features gpu)
  endif()
  if(NOT features)
    set(features none)
  endif()
  message(STATUS "stencilc lit suite ${name}: ${source_dir}, features: ${features}")
  add_test(NAME ${name} COMMAND ${lit_command} -sv ${binary_dir})
  add_custom_target(check-${name} COMMAND ${lit_command} -sv ${binary_dir}
    COMMENT "lit: ${name}" USES_TERMINAL VERBATIM)
endfunction()
