# StencilcAddKernels.cmake - compile stencil specs as part of a CMake target.
#
#   stencilc_add_kernels(<target>
#                        SPECS spec.cpp...
#                        [NAMESPACE ns]          C++ namespace of the host API (stencilc's default: gpu)
#                        [OPTIONS opt...])       more stencilc options, e.g. -O0 --report --disable-pass=tile
#
# For each spec, a build-time rule runs stencilc and writes
# ${CMAKE_CURRENT_BINARY_DIR}/stencilc/<stem>.cu and <stem>.h, where <stem> is
# the file name without .cpp (and without .spec: heat.spec.cpp -> heat.cu,
# heat.h). The .cu joins <target>'s sources, the directory joins its include
# path (so `#include "heat.h"` works), and <target> links stencilc::runtime.
# The rule reruns when stencilc changes, or the spec or any header it
# includes (the DSL's and your own): stencilc --depfile lists them, and
# add_custom_command(DEPFILE) hands the list to Ninja or Make. A change to a
# header therefore regenerates exactly the specs that include it.
#
# Unless OPTIONS names --arch, stencilc gets --arch=sm_NN from the first entry
# of the target's CUDA_ARCHITECTURES (e.g. 90 -> sm_90), so that the schedule
# it picks matches the GPU the code is built for.
#
# <target> must contain CUDA code: enable CUDA first (project(... CUDA) or
# enable_language(CUDA)).
include_guard(GLOBAL)
if(CMAKE_VERSION VERSION_LESS 3.20)
  message(FATAL_ERROR "stencilc_add_kernels needs CMake 3.20 or newer "
    "(add_custom_command DEPFILE with every generator); this is ${CMAKE_VERSION}")
endif()
# CMP0116 NEW: CMake rewrites the depfile's paths for Ninja, so the absolute
# output paths stencilc writes in it match the rule's outputs. Recorded by
# the function below (CMake keeps the policies of a function's definition).
if(POLICY CMP0116)
  cmake_policy(SET CMP0116 NEW)
endif()

function(stencilc_add_kernels target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "" "NAMESPACE" "SPECS;OPTIONS")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "stencilc_add_kernels(${target}): unexpected arguments "
      "'${ARG_UNPARSED_ARGUMENTS}' (expected SPECS, NAMESPACE, OPTIONS)")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "stencilc_add_kernels(${target}): no such target; "
      "create it with add_executable or add_library first")
  endif()
  if(NOT ARG_SPECS)
    message(FATAL_ERROR "stencilc_add_kernels(${target}): no SPECS given")
  endif()
  get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  if(NOT "CUDA" IN_LIST languages)
    message(FATAL_ERROR "stencilc_add_kernels(${target}): the CUDA language is "
      "not enabled, so the generated .cu files cannot be compiled; add "
      "enable_language(CUDA) (or LANGUAGES CXX CUDA in project()) before this call")
  endif()
  if(NOT TARGET CUDA::cudart)
    find_package(CUDAToolkit QUIET)
    if(NOT TARGET CUDA::cudart)
      message(FATAL_ERROR "stencilc_add_kernels(${target}): the CUDA toolkit "
        "was not found (FindCUDAToolkit); set CUDAToolkit_ROOT")
    endif()
    set_property(TARGET stencilc::runtime APPEND PROPERTY
      INTERFACE_LINK_LIBRARIES CUDA::cudart)
  endif()

  set(options ${ARG_OPTIONS})
  if(ARG_NAMESPACE)
    list(APPEND options "--namespace=${ARG_NAMESPACE}")
  endif()
  if(NOT options MATCHES "(^|;)--arch(=|;|$)")
    get_target_property(archs ${target} CUDA_ARCHITECTURES)
    list(GET archs 0 arch)
    if(arch MATCHES "^([0-9]+[af]?)(-real|-virtual)?$")
      list(APPEND options "--arch=sm_${CMAKE_MATCH_1}")
    endif()
  endif()

  set(output_dir ${CMAKE_CURRENT_BINARY_DIR}/stencilc)
  file(MAKE_DIRECTORY ${output_dir})
  foreach(spec IN LISTS ARG_SPECS)
    get_filename_component(spec "${spec}" ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    if(NOT EXISTS "${spec}")
      message(FATAL_ERROR "stencilc_add_kernels(${target}): no such spec '${spec}'")
    endif()
    get_filename_component(stem "${spec}" NAME)
    string(REGEX REPLACE "(\\.spec)?\\.[^.]*$" "" stem "${stem}")
    set(cuda ${output_dir}/${stem}.cu)
    set(header ${output_dir}/${stem}.h)

    # One rule per output: a second target may share it only with the same
    # spec and options (ninja refuses two rules for one file).
    set(key "${spec}|${options}")
    get_property(seen DIRECTORY PROPERTY STENCILC_RULE_${stem})
    if(seen AND NOT seen STREQUAL key)
      string(REPLACE "|" "' with options '" seen_text "${seen}")
      message(FATAL_ERROR "stencilc_add_kernels(${target}): '${spec}' would write "
        "stencilc/${stem}.cu, which this directory already generates from '${seen_text}'; "
        "rename the spec or call stencilc_add_kernels from another directory")
    endif()
    if(NOT seen)
      set_property(DIRECTORY PROPERTY STENCILC_RULE_${stem} "${key}")
      set(depfile ${output_dir}/${stem}.d)
      file(RELATIVE_PATH shown ${CMAKE_BINARY_DIR} ${cuda})
      add_custom_command(
        OUTPUT ${cuda} ${header}
        COMMAND stencilc::stencilc ${spec} -o ${cuda} --header ${header}
                --depfile=${depfile} ${options}
        DEPENDS ${spec} $<TARGET_FILE:stencilc::stencilc>
        DEPFILE ${depfile}
        COMMENT "stencilc: generating ${shown}"
        VERBATIM)
    endif()
    target_sources(${target} PRIVATE ${cuda} ${header})
  endforeach()

  target_include_directories(${target} PRIVATE ${output_dir})
  target_link_libraries(${target} PRIVATE stencilc::runtime)
  # The DSL and the runtime are C++17.
  target_compile_features(${target} PRIVATE cuda_std_17)
  if("CXX" IN_LIST languages)
    target_compile_features(${target} PRIVATE cxx_std_17)
  endif()
endfunction()
