//===- Records.cpp - merged grids read as fields of 16-byte records -------===//
//
// The device side of what `merge-arrays` decided (ir::MergeGroup): a merged
// grid is no kernel parameter of its own; its group's record array is, each
// record loaded once per point with one 16-byte load per vector, and a read
// of the grid is a lane of one of those vectors. The launcher packs the
// records (recordPacking in Launcher.cpp, stencil::detail::RecordArray),
// one array per group for all of the kernel's launchers (recordAccessors):
// the one-sweep, fused and persistent launchers keep one copy of the grids.
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

std::string KernelEmitter::recordArrayType(const MergeGroup &M) const {
  return "stencil::detail::RecordArray<" + cxxType(M.Elem) + ", " +
         std::to_string(K.Rank) + ", " + std::to_string(recordFields(M)) + ">";
}

std::string KernelEmitter::recordAccessor(const MergeGroup &M) const {
  return K.Name + "_" + M.Name + "_records_";
}

/// For each group, the function that holds its record array, in the
/// kernel's anonymous namespace before the launchers.
std::string KernelEmitter::recordAccessors() const {
  std::string S;
  for (const MergeGroup &M : K.Merged)
    S += "/// merge-arrays: the record array of '" + M.Name +
         "', one for all of " + K.Name + "'s launchers.\n" +
         recordArrayType(M) + "& " + recordAccessor(M) + "() {\n  static " +
         recordArrayType(M) + " records_;\n  return records_;\n}\n\n";
  return S;
}

/// Each merged group's record array, packed or repacked for this launch
/// (Indent before each line).
std::string KernelEmitter::recordPacking(const std::string &Indent) const {
  std::string S;
  for (const MergeGroup &M : K.Merged) {
    S += Indent + "// merge-arrays: packed at the first launch, repacked when "
                  "one of the grids changed.\n";
    S += Indent + "const " + vectorType(M.Elem) + "* " + recordParam(M) +
         " = reinterpret_cast<const " + vectorType(M.Elem) + "*>(" +
         recordAccessor(M) + "().get(kernel_name_, {";
    for (size_t I = 0; I < M.Grids.size(); ++I)
      S += (I ? ", &" : "&") + M.Grids[I];
    S += "}, " + OptsName + ".Stream));\n";
  }
  return S;
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
