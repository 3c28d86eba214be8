# lit configuration for tests of stencil specs, installed with stencilc
# (lib/cmake/stencilc/lit/lit.cfg.py). A lit.site.cfg.py sets the config.*
# values below and loads this file; stencilc_add_lit_tests writes that file
# (docs/testing.md). It defines
#   %stencilc        the stencilc of the package
#   %stencilc-opt    stencilc-opt: chosen passes on textual IR (docs/ir.md)
#   %dsl, %runtime   the include directories of the DSL and the runtime
#   %arch            the sm_NN the suite was configured for
#   %nvcc            nvcc -arch=%arch -std=c++17 -I%dsl [-I%runtime]
#                    (where nvcc was found)
# puts FileCheck and not first on PATH, and adds the features
#   nvcc             nvcc was found at configure time (REQUIRES: nvcc)
#   gpu              a GPU was found at configure time (REQUIRES: gpu)
# Tests are lit's shell tests: RUN lines in any file with one of
# config.suffixes, outside directories named Inputs.
import os

import lit.formats

for key in ("stencilc", "stencilc_opt", "stencilc_dsl_dir", "stencilc_runtime_dir",
            "stencilc_tools_dir", "stencilc_nvcc", "stencilc_arch", "stencilc_gpu",
            "test_source_root", "test_exec_root"):
    if getattr(config, key, None) is None:
        lit_config.fatal(f"stencilc lit configuration: config.{key} is not set; "
                         f"lit.site.cfg.py must set it before loading {__file__}")
for key in ("stencilc", "stencilc_opt"):
    if not os.access(getattr(config, key), os.X_OK):
        lit_config.fatal(f"stencilc lit configuration: config.{key} is "
                         f"'{getattr(config, key)}', which is not an executable")
for tool in ("FileCheck", "not"):
    if not os.access(os.path.join(config.stencilc_tools_dir, tool), os.X_OK):
        lit_config.fatal(f"stencilc lit configuration: no {tool} in "
                         f"{config.stencilc_tools_dir}; reconfigure (stencilc_add_lit_tests)")

config.test_format = lit.formats.ShTest(execute_external=False)
if not getattr(config, "suffixes", None):
    config.suffixes = [".cpp", ".test", ".sir"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py", "lit.local.cfg",
                   "CMakeLists.txt"]

# Substitutions are tried in order: %stencilc-opt before its prefix %stencilc.
includes = [config.stencilc_dsl_dir]
if config.stencilc_runtime_dir != config.stencilc_dsl_dir:
    includes.append(config.stencilc_runtime_dir)
config.substitutions.append(("%stencilc-opt", config.stencilc_opt))
config.substitutions.append(("%stencilc", config.stencilc))
config.substitutions.append(("%dsl", config.stencilc_dsl_dir))
config.substitutions.append(("%runtime", config.stencilc_runtime_dir))
config.substitutions.append(("%arch", config.stencilc_arch))

config.environment["PATH"] = os.pathsep.join(
    [config.stencilc_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))])
for name in ("CUDA_VISIBLE_DEVICES", "CUDA_PATH", "HOME"):
    if name in os.environ:
        config.environment[name] = os.environ[name]

if config.stencilc_nvcc:
    config.available_features.add("nvcc")
    config.substitutions.append(
        ("%nvcc", " ".join([config.stencilc_nvcc, "-arch=" + config.stencilc_arch, "-std=c++17"]
                           + ["-I" + d for d in includes])))
if config.stencilc_gpu:
    config.available_features.add("gpu")
