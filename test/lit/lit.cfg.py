# lit configuration for stencilc. Run through ctest (test "lit") or
#   python3 /usr/lib/llvm-19/build/utils/lit/lit.py -sv build/test/lit
import os
import lit.formats

config.name = "stencilc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cpp", ".test", ".sir"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py.in", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.stencilc_obj_root, "test", "lit")

src = config.stencilc_src_root
# %stencilc-opt before %stencilc, which is its prefix.
config.substitutions.append(("%stencilc-opt", config.stencilc_opt_bin))
config.substitutions.append(("%stencilc", config.stencilc_bin))
config.substitutions.append(("%dsl", os.path.join(src, "dsl")))
config.substitutions.append(("%runtime", os.path.join(src, "runtime", "include")))
config.substitutions.append(("%srcroot", src))
config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", "")])

# `--param nvcc=off` leaves the nvcc tests unsupported even where nvcc is
# installed: the sanitizer run of scripts/test checks stencilc, and nvcc's own
# compiles (half the suite's time) would only repeat the plain run's.
use_nvcc = lit_config.params.get("nvcc", "on") != "off"
if use_nvcc and config.nvcc and os.path.exists(config.nvcc):
    config.available_features.add("nvcc")
    config.substitutions.append(
        ("%nvcc", config.nvcc + " -arch=sm_90 -std=c++17 -I" + os.path.join(src, "dsl")
         + " -I" + os.path.join(src, "runtime", "include")))
