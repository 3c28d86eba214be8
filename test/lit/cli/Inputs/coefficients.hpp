// A header of the user's own, included by depfile.cpp.
#include <cmath>
constexpr double Weight = 0.25;
