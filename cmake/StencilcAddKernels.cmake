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
# The rule reruns when the spec, stencilc, or a DSL header changes; headers of
# your own that a spec includes are tracked only once stencilc writes a
# depfile (STENCILC_HAS_DEPFILE).
#
# Unless OPTIONS names --arch, stencilc gets --arch=sm_NN from the first entry
# of the target's CUDA_ARCHITECTURES (e.g. 90 -> sm_90), so that the schedule
# it picks matches the GPU the code is built for.
#
# <target> must contain CUDA code: enable CUDA first (project(... CUDA) or
# enable_language(CUDA)).
include_guard(GLOBAL)

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
      set(depfile_args)
      set(depfile_option)
      if(STENCILC_HAS_DEPFILE AND CMAKE_VERSION VERSION_GREATER_EQUAL 3.20)
        set(depfile_args DEPFILE ${output_dir}/${stem}.d)
        set(depfile_option "--depfile=${output_dir}/${stem}.d")
      endif()
      file(RELATIVE_PATH shown ${CMAKE_BINARY_DIR} ${cuda})
      add_custom_command(
        OUTPUT ${cuda} ${header}
        COMMAND stencilc::stencilc ${spec} -o ${cuda} --header ${header}
                ${depfile_option} ${options}
        DEPENDS ${spec} $<TARGET_FILE:stencilc::stencilc> ${STENCILC_DSL_HEADERS}
        ${depfile_args}
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
