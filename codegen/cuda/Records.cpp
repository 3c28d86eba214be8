//===- Records.cpp - merged grids read as fields of 16-byte records -------===//
//
// The device side of what `merge-arrays` decided (ir::MergeGroup): a merged
// grid is no kernel parameter of its own; its group's record array is, each
// record loaded once per point with one 16-byte load per vector, and a read
// of the grid is a lane of one of those vectors. The launcher packs the
// records (recordPacking in Launcher.cpp, stencil::detail::RecordArray).
//
//===----------------------------------------------------------------------===//
#include "codegen/cuda/KernelEmitter.h"

#include <string>

namespace stencilc::cuda {

using namespace ir;

/// The group G is a field of, and its position in the record.
const MergeGroup *KernelEmitter::mergeGroupOf(const std::string &Grid,
                                              int &Field) const {
  for (const MergeGroup &M : K.Merged)
    for (size_t I = 0; I < M.Grids.size(); ++I)
      if (M.Grids[I] == Grid) {
        Field = static_cast<int>(I);
        return &M;
      }
  return nullptr;
}

std::string KernelEmitter::vectorType(Type T) {
  switch (T) {
  case Type::Float32:
    return "float4";
  case Type::Float64:
    return "double2";
  case Type::Int64:
    return "longlong2";
  default:
    return "int4";
  }
}

int KernelEmitter::recordFields(const MergeGroup &M) {
  return mergedRecordFields(static_cast<int>(M.Grids.size()), M.Elem);
}

std::string KernelEmitter::recordVector(const MergeGroup &M, int V) const {
  return M.Name + "_v" + std::to_string(V) + "_";
}

std::string KernelEmitter::recordField(const MergeGroup &M, int Field) const {
  static const char *Lanes = "xyzw";
  std::string S = recordVector(M, Field / perVector(M.Elem)) + "." +
                  Lanes[Field % perVector(M.Elem)];
  return M.Elem == Type::Int64 ? "static_cast<int64_t>(" + S + ")" : S;
}

/// One 16-byte load per vector of each record, at the top of a point.
std::string KernelEmitter::recordLoads(int Depth) const {
  std::string S;
  for (const MergeGroup &M : K.Merged) {
    int Vectors = recordFields(M) / perVector(M.Elem);
    for (int V = 0; V < Vectors; ++V)
      S += indent(Depth) + "const " + vectorType(M.Elem) + " " +
           recordVector(M, V) + " = " + recordParam(M) + "[at_ * " +
           std::to_string(Vectors) + " + " + std::to_string(V) + "];\n";
  }
  return S;
}

} // namespace stencilc::cuda
