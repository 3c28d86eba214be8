// cell_age.spec.cpp - ages cells in place (InOut, int): a live cell grows
// older up to 1000, a dead one loses a year per live neighbour (box, radius 1).
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void cell_age(In<int, 2> alive, InOut<int, 2> age) {
  int neighbours = alive(-1, -1) + alive(-1, 0) + alive(-1, 1) + alive(0, -1) +
                   alive(0, 1) + alive(1, -1) + alive(1, 0) + alive(1, 1);
  if (alive() == 1)
    age() = min(age() + 1, 1000);
  else
    age() = max(age() - neighbours, 0);
}
