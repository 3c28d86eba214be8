//===- PtxasLog.cpp -------------------------------------------------------===//
#include "codegen/report/PtxasLog.h"

#include <algorithm>
#include <cctype>
#include <regex>
#include <sstream>

namespace stencilc {

std::vector<PtxasFunction> parsePtxasLog(const std::string &Log) {
  // ptxas info    : Compiling entry function '_Z...' for 'sm_90'
  // ptxas info    : Function properties for _Z...
  //     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
  // ptxas info    : Used 30 registers, used 1 barriers, 2048 bytes smem, ...
  static const std::regex Entry(
      "Compiling entry function '([^']+)' for '([^']+)'");
  static const std::regex Frame("([0-9]+) bytes stack frame, ([0-9]+) bytes "
                                "spill stores, ([0-9]+) bytes spill loads");
  static const std::regex Used("Used ([0-9]+) registers");
  static const std::regex Smem("([0-9]+) bytes smem");
  std::vector<PtxasFunction> Out;
  std::istringstream In(Log);
  std::string Line;
  std::smatch Match;
  while (std::getline(In, Line)) {
    if (std::regex_search(Line, Match, Entry)) {
      Out.push_back({Match[1], Match[2]});
      continue;
    }
    if (Out.empty())
      continue;
    PtxasFunction &F = Out.back();
    if (std::regex_search(Line, Match, Frame)) {
      F.StackBytes = std::stoi(Match[1]);
      F.SpillStoreBytes = std::stoi(Match[2]);
      F.SpillLoadBytes = std::stoi(Match[3]);
    } else if (std::regex_search(Line, Match, Used)) {
      F.Registers = std::stoi(Match[1]);
      if (std::regex_search(Line, Match, Smem))
        F.StaticSharedBytes = std::stoi(Match[1]);
    }
  }
  return Out;
}

/// Reads <length><identifier> at Pos; empty when there is none.
static std::string sourceName(const std::string &S, size_t &Pos) {
  size_t Digits = Pos;
  while (Digits < S.size() &&
         std::isdigit(static_cast<unsigned char>(S[Digits])))
    ++Digits;
  if (Digits == Pos)
    return "";
  size_t Len = std::stoul(S.substr(Pos, Digits - Pos));
  if (Digits + Len > S.size())
    return "";
  Pos = Digits + Len;
  return S.substr(Digits, Len);
}

std::optional<MangledFunction> parseMangledFunction(const std::string &S) {
  if (S.compare(0, 2, "_Z") != 0)
    return std::nullopt;
  size_t Pos = 2;
  if (Pos < S.size() && S[Pos] == 'L') // internal linkage
    ++Pos;
  MangledFunction F;
  if (Pos < S.size() && S[Pos] == 'N') {
    // Nested name: N [CV-qualifiers] <source-name>+ [template-args] E; the
    // last source name is the function's.
    ++Pos;
    while (Pos < S.size() && (S[Pos] == 'K' || S[Pos] == 'V' || S[Pos] == 'r'))
      ++Pos;
    for (std::string Part; !(Part = sourceName(S, Pos)).empty();)
      F.Name = Part;
  } else {
    F.Name = sourceName(S, Pos);
  }
  if (F.Name.empty())
    return std::nullopt;
  // Template arguments: I <argument>+ E, each an index type (i, l or x:
  // int64_t is long on LP64 Linux), an integer literal L i <digits> E (n
  // for a minus sign) or a bool literal L b 0|1 E. Anything else: none read.
  if (Pos < S.size() && S[Pos] == 'I') {
    std::vector<std::string> Arguments;
    size_t At = Pos + 1;
    while (At < S.size() && S[At] != 'E') {
      if (S[At] == 'i' || S[At] == 'l' || S[At] == 'x') {
        Arguments.push_back(S[At] == 'i' ? "int" : "int64_t");
        ++At;
        continue;
      }
      const size_t End = S.find('E', At);
      if (S.compare(At, 2, "Lb") == 0 && End == At + 3 &&
          (S[At + 2] == '0' || S[At + 2] == '1')) {
        Arguments.push_back(S[At + 2] == '1' ? "true" : "false");
      } else if (S.compare(At, 2, "Li") == 0 && End != std::string::npos) {
        std::string Digits = S.substr(At + 2, End - At - 2);
        const bool Negative = !Digits.empty() && Digits[0] == 'n';
        if (Negative)
          Digits.erase(0, 1);
        if (Digits.empty() || Digits.size() >= 10 ||
            !std::all_of(Digits.begin(), Digits.end(), [](char C) {
              return std::isdigit(static_cast<unsigned char>(C));
            }))
          break;
        Arguments.push_back((Negative ? "-" : "") + Digits);
      } else {
        break;
      }
      At = End + 1;
    }
    if (At < S.size() && S[At] == 'E' && !Arguments.empty()) {
      F.TemplateArguments = Arguments;
      if (Arguments.size() == 1 && Arguments[0] != "int" &&
          Arguments[0] != "int64_t" && Arguments[0] != "true" &&
          Arguments[0] != "false")
        F.IntArgument = std::stoi(Arguments[0]);
    }
  }
  return F;
}

bool mangledNameIs(const std::string &MangledName, const std::string &Name) {
  std::optional<MangledFunction> F = parseMangledFunction(MangledName);
  return F && F->Name == Name;
}

} // namespace stencilc
