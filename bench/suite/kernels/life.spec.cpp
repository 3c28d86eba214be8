// life.spec.cpp - one generation of Conway's Game of Life on int cells
// (0 or 1): the 8-neighbour count (box, radius 1) and the live cells counted.
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void life(In<int, 2> cells, Out<int, 2> next, Sum<int> alive) {
  int neighbours = 0;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      if (dy != 0 || dx != 0)
        neighbours += cells(dy, dx);
  int live = (neighbours == 3 || (neighbours == 2 && cells() == 1)) ? 1 : 0;
  next() = live;
  alive += live;
}
