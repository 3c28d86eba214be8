"""Writes a spec whose kernel nests N operations of one kind (for deep-nesting.cpp)."""
import sys

kind, n = sys.argv[1], int(sys.argv[2])
head = ("#include <stencil/stencil.hpp>\nusing namespace stencil;\n"
        "STENCIL_KERNEL void deep(In<double, 1> g, Out<double, 1> u) {\n")
if kind == "minus":  # - - - ... g(): Clang's parser recurses once per minus
    body = "  u() = " + "- " * n + "g();\n"
elif kind == "sum":  # g() + g() + ...: left-nested, one level per +
    body = "  u() = g()" + " + g()" * n + ";\n"
elif kind == "ifs":  # if (...) if (...) ... u() = 1;
    body = "  " + "if (g() > 0) " * n + "u() = 1;\n"
else:
    sys.exit("unknown kind " + kind)
sys.stdout.write(head + body + "}\n")
