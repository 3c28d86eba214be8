# Install and export rules: what `cmake --install` lays down, and the
# package configuration that lets another CMake project write
#
#   find_package(stencilc CONFIG REQUIRED)
#   stencilc_add_kernels(app SPECS heat.spec.cpp)
#
# against either an install prefix or this build tree (CMAKE_PREFIX_PATH set
# to either works: both hold lib/cmake/stencilc/stencilcConfig.cmake).
#
# Installed layout:
#   bin/stencilc, bin/stencilc-opt
#   include/stencilc/stencil/{stencil,grid,boundary,fminmax}.hpp
#                                                 the DSL (from dsl/; the
#                                                 runtime includes fminmax.hpp)
#   include/stencilc/stencil/runtime.hpp ...      the runtime (from runtime/include)
#   include/stencilc/stencil/detail/*.hpp         its internals for generated code
#   lib/cmake/stencilc/{stencilcConfig,stencilcConfigVersion,
#                       stencilcTargets,StencilcAddKernels,
#                       StencilcLitTests}.cmake
#   lib/cmake/stencilc/lit/{lit.cfg.py,lit.site.cfg.py.in}  lit tests of
#                       a user's specs (stencilc_add_lit_tests, docs/testing.md)
# The DSL and the runtime share include/stencilc so that one -I serves both,
# and tools/stencilc/Driver.cpp finds the DSL there next to an installed
# stencilc.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(STENCILC_CMAKE_INSTALL_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/stencilc)

install(TARGETS stencilc stencilc-opt EXPORT stencilcTargets
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/dsl/stencil
                  ${PROJECT_SOURCE_DIR}/runtime/include/stencil
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/stencilc
  FILES_MATCHING PATTERN "*.hpp" PATTERN "*.h")
install(EXPORT stencilcTargets NAMESPACE stencilc::
  DESTINATION ${STENCILC_CMAKE_INSTALL_DIR})
export(EXPORT stencilcTargets NAMESPACE stencilc::
  FILE ${PROJECT_BINARY_DIR}/${STENCILC_CMAKE_INSTALL_DIR}/stencilcTargets.cmake)

# The DSL headers a spec can include (STENCILC_DSL_HEADERS in the package,
# for projects that want to name them; the build rules track them, and every
# other header a spec includes, through the depfile stencilc writes).
file(GLOB _stencilc_dsl_headers RELATIVE ${PROJECT_SOURCE_DIR}/dsl
  CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/dsl/stencil/*.hpp)
set(STENCILC_DSL_HEADERS ${_stencilc_dsl_headers})
# stencilc --depfile exists: kept as a variable of the package for projects
# written against versions that lacked it.
set(STENCILC_HAS_DEPFILE ON)
# Where stencilc_add_lit_tests looks first for FileCheck, not and lit.py: the
# LLVM stencilc was built with (llvm-19-tools installs them there).
set(STENCILC_LLVM_TOOLS_DIR ${LLVM_TOOLS_BINARY_DIR})

write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/${STENCILC_CMAKE_INSTALL_DIR}/stencilcConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  # 0.x: a new minor version may change the DSL or the generated API.
  COMPATIBILITY SameMinorVersion)
foreach(_stencilc_file StencilcAddKernels.cmake StencilcLitTests.cmake
                      lit/lit.cfg.py lit/lit.site.cfg.py.in)
  configure_file(${PROJECT_SOURCE_DIR}/cmake/${_stencilc_file}
    ${PROJECT_BINARY_DIR}/${STENCILC_CMAKE_INSTALL_DIR}/${_stencilc_file} COPYONLY)
endforeach()

# Build-tree config: headers straight from the sources, the stencilc just built.
set(STENCILC_DSL_INCLUDE_DIR ${PROJECT_SOURCE_DIR}/dsl)
set(STENCILC_RUNTIME_INCLUDE_DIR ${PROJECT_SOURCE_DIR}/runtime/include)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/stencilcConfig.cmake.in
  ${PROJECT_BINARY_DIR}/${STENCILC_CMAKE_INSTALL_DIR}/stencilcConfig.cmake
  INSTALL_DESTINATION ${PROJECT_BINARY_DIR}/${STENCILC_CMAKE_INSTALL_DIR}
  INSTALL_PREFIX ${PROJECT_BINARY_DIR}
  PATH_VARS STENCILC_DSL_INCLUDE_DIR STENCILC_RUNTIME_INCLUDE_DIR
  NO_CHECK_REQUIRED_COMPONENTS_MACRO)

# Install config: both include dirs are PREFIX/include/stencilc, relocatable.
set(STENCILC_DSL_INCLUDE_DIR ${CMAKE_INSTALL_INCLUDEDIR}/stencilc)
set(STENCILC_RUNTIME_INCLUDE_DIR ${CMAKE_INSTALL_INCLUDEDIR}/stencilc)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/stencilcConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake-install/stencilcConfig.cmake
  INSTALL_DESTINATION ${STENCILC_CMAKE_INSTALL_DIR}
  PATH_VARS STENCILC_DSL_INCLUDE_DIR STENCILC_RUNTIME_INCLUDE_DIR
  NO_CHECK_REQUIRED_COMPONENTS_MACRO)
install(FILES ${PROJECT_BINARY_DIR}/cmake-install/stencilcConfig.cmake
              ${PROJECT_BINARY_DIR}/${STENCILC_CMAKE_INSTALL_DIR}/stencilcConfigVersion.cmake
              ${PROJECT_SOURCE_DIR}/cmake/StencilcAddKernels.cmake
              ${PROJECT_SOURCE_DIR}/cmake/StencilcLitTests.cmake
  DESTINATION ${STENCILC_CMAKE_INSTALL_DIR})
install(FILES ${PROJECT_SOURCE_DIR}/cmake/lit/lit.cfg.py
              ${PROJECT_SOURCE_DIR}/cmake/lit/lit.site.cfg.py.in
  DESTINATION ${STENCILC_CMAKE_INSTALL_DIR}/lit)
