//===- ValueParser.cpp - Constant value expressions from users ------------===//
#include "analyzer/driver/ValueParser.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"

#include <cstdint>

namespace rla {

namespace {

using I128 = __int128;
constexpr I128 Max64 = INT64_MAX;
/// Deep enough for anything typed by hand; shallow enough for the stack.
constexpr unsigned MaxDepth = 200;

bool fits64(const Rational &R) {
  return !R.overflowed() && R.num() <= Max64 && R.num() >= -Max64 &&
         R.den() <= Max64;
}

/// Whether a decimal float took part decides what '/' means.
struct Value {
  Rational R;
  bool IsFloat = false;
};

enum class Op { Add, Sub, Mul, Div, Rem, Shl, Shr };

const char *opSpelling(Op O) {
  switch (O) {
  case Op::Add:
    return "+";
  case Op::Sub:
    return "-";
  case Op::Mul:
    return "*";
  case Op::Div:
    return "/";
  case Op::Rem:
    return "%";
  case Op::Shl:
    return "<<";
  case Op::Shr:
    return ">>";
  }
  return "?";
}

bool isNameStart(char C) { return llvm::isAlpha(C) || C == '_'; }
bool isNameChar(char C) { return llvm::isAlnum(C) || C == '_'; }

int digitValue(char C, unsigned Base) {
  int D = -1;
  if (llvm::isDigit(C))
    D = C - '0';
  else if (C >= 'a' && C <= 'f')
    D = C - 'a' + 10;
  else if (C >= 'A' && C <= 'F')
    D = C - 'A' + 10;
  return D >= 0 && D < static_cast<int>(Base) ? D : -1;
}

class ValueTextParser {
public:
  ValueTextParser(llvm::StringRef Text, std::string &Error)
      : Text(Text), Error(Error) {}

  std::optional<Rational> run() {
    skipSpace();
    if (Pos == Text.size()) {
      Error = "'" + Text.str() + "': expected a value, found nothing";
      return std::nullopt;
    }
    std::optional<Value> V = parseShift();
    if (!V)
      return std::nullopt;
    skipSpace();
    if (Pos != Text.size()) {
      fail(Pos, "unexpected " + describe(Pos),
           "an operator or the end of the value");
      return std::nullopt;
    }
    return V->R;
  }

private:
  llvm::StringRef Text;
  std::string &Error;
  size_t Pos = 0;
  unsigned Depth = 0;

  char peek(size_t Ahead = 0) const {
    return Pos + Ahead < Text.size() ? Text[Pos + Ahead] : '\0';
  }
  void skipSpace() {
    while (Pos < Text.size() && llvm::isSpace(Text[Pos]))
      ++Pos;
  }
  std::string describe(size_t At) const {
    if (At >= Text.size())
      return "end of the value";
    return "'" + std::string(1, Text[At]) + "'";
  }
  /// Sets Error as "'TEXT': WHAT at column N; expected EXPECTED".
  std::nullopt_t fail(size_t At, const llvm::Twine &What,
                      const llvm::Twine &Expected = "") {
    std::string Msg =
        ("'" + Text + "': " + What + " at column " + llvm::Twine(At + 1)).str();
    if (!Expected.isTriviallyEmpty())
      Msg += ("; expected " + Expected).str();
    Error = std::move(Msg);
    return std::nullopt;
  }

  std::optional<Value> parseShift() {
    std::optional<Value> L = parseSum();
    while (L) {
      skipSpace();
      Op O;
      if (peek() == '<' && peek(1) == '<')
        O = Op::Shl;
      else if (peek() == '>' && peek(1) == '>')
        O = Op::Shr;
      else
        break;
      size_t OpPos = Pos;
      Pos += 2;
      std::optional<Value> R = parseSum();
      if (!R)
        return std::nullopt;
      L = apply(O, *L, *R, OpPos);
    }
    return L;
  }

  std::optional<Value> parseSum() {
    std::optional<Value> L = parseProduct();
    while (L) {
      skipSpace();
      if (peek() != '+' && peek() != '-')
        break;
      Op O = peek() == '+' ? Op::Add : Op::Sub;
      size_t OpPos = Pos++;
      std::optional<Value> R = parseProduct();
      if (!R)
        return std::nullopt;
      L = apply(O, *L, *R, OpPos);
    }
    return L;
  }

  std::optional<Value> parseProduct() {
    std::optional<Value> L = parseUnary();
    while (L) {
      skipSpace();
      Op O;
      if (peek() == '*')
        O = Op::Mul;
      else if (peek() == '/')
        O = Op::Div;
      else if (peek() == '%')
        O = Op::Rem;
      else
        break;
      size_t OpPos = Pos++;
      std::optional<Value> R = parseUnary();
      if (!R)
        return std::nullopt;
      L = apply(O, *L, *R, OpPos);
    }
    return L;
  }

  std::optional<Value> parseUnary() {
    skipSpace();
    if (++Depth > MaxDepth)
      return fail(Pos, "nesting too deep");
    std::optional<Value> V = parseUnaryBody();
    --Depth;
    return V;
  }

  std::optional<Value> parseUnaryBody() {
    char C = peek();
    if (C == '-' || C == '+') {
      ++Pos;
      std::optional<Value> V = parseUnary();
      if (V && C == '-')
        V->R = -V->R; // Symmetric 64-bit range: negation always fits.
      return V;
    }
    if (C == '(') {
      size_t Open = Pos++;
      std::optional<Value> V = parseShift();
      if (!V)
        return std::nullopt;
      skipSpace();
      if (peek() != ')')
        return fail(Pos, "unexpected " + describe(Pos),
                    "')' to close the '(' at column " + llvm::Twine(Open + 1));
      ++Pos;
      return V;
    }
    if (llvm::isDigit(C) || (C == '.' && llvm::isDigit(peek(1))))
      return parseNumber();
    if (isNameStart(C)) {
      size_t Start = Pos;
      while (isNameChar(peek()))
        ++Pos;
      return fail(Start,
                  "'" + Text.slice(Start, Pos) + "' is a name, not a number,",
                  "a constant (numbers, + - * / % << >> and parentheses)");
    }
    return fail(Pos, "unexpected " + describe(Pos), "a number or '('");
  }

  /// Digits of Base with separators (' or _) allowed between two digits.
  /// Appends the digits to Out; returns the number consumed.
  size_t scanDigits(unsigned Base, std::string &Out) {
    size_t N = 0;
    while (Pos < Text.size()) {
      char C = Text[Pos];
      if ((C == '\'' || C == '_') && N > 0 && digitValue(peek(1), Base) >= 0) {
        ++Pos;
        continue;
      }
      if (digitValue(C, Base) < 0)
        break;
      Out.push_back(C);
      ++Pos;
      ++N;
    }
    return N;
  }

  std::optional<Value> parseNumber() {
    size_t Start = Pos;
    std::optional<Value> V;
    if (peek() == '0' && (peek(1) == 'x' || peek(1) == 'X' || peek(1) == 'b' ||
                          peek(1) == 'B')) {
      unsigned Base = (peek(1) == 'x' || peek(1) == 'X') ? 16 : 2;
      Pos += 2;
      std::string Digits;
      if (scanDigits(Base, Digits) == 0)
        return fail(Pos, "unexpected " + describe(Pos),
                    Base == 16 ? "hexadecimal digits after '0x'"
                               : "binary digits after '0b'");
      I128 M = 0;
      for (char D : Digits) {
        M = M * Base + digitValue(D, Base);
        if (M > Max64)
          return fail(Start, "'" + Text.slice(Start, Pos) +
                                 "' does not fit in 64 bits");
      }
      V = Value{Rational(M, 1), false};
    } else {
      V = parseDecimal(Start);
      if (!V)
        return std::nullopt;
    }
    skipSuffix(V->IsFloat);
    if (isNameChar(peek()) || peek() == '.')
      return fail(Pos, "unexpected " + describe(Pos) + " in a number",
                  "a digit, an operator or the end of the value");
    return V;
  }

  /// C's integer (u, l, ul, ull) or float (f, l) suffixes, ignored.
  void skipSuffix(bool IsFloat) {
    if (IsFloat) {
      if (peek() == 'f' || peek() == 'F' || peek() == 'l' || peek() == 'L')
        ++Pos;
      return;
    }
    for (int I = 0; I < 3 && (peek() == 'u' || peek() == 'U' || peek() == 'l' ||
                              peek() == 'L');
         ++I)
      ++Pos;
  }

  /// 123, 1.5, .5, 2., 1e8, 2.5e-3 as an exact rational.
  std::optional<Value> parseDecimal(size_t Start) {
    std::string Digits;
    scanDigits(10, Digits);
    bool IsFloat = false;
    int64_t Exp = 0;
    if (peek() == '.') {
      ++Pos;
      IsFloat = true;
      Exp -= static_cast<int64_t>(scanDigits(10, Digits));
    }
    if (peek() == 'e' || peek() == 'E') {
      ++Pos;
      IsFloat = true;
      bool Negative = false;
      if (peek() == '+' || peek() == '-')
        Negative = Text[Pos++] == '-';
      std::string ExpDigits;
      if (scanDigits(10, ExpDigits) == 0)
        return fail(Pos, "unexpected " + describe(Pos),
                    "exponent digits after 'e'");
      int64_t E = 0;
      for (char D : ExpDigits)
        E = std::min<int64_t>(E * 10 + (D - '0'), 1000000);
      Exp += Negative ? -E : E;
    }
    auto TooBig = [&] {
      return fail(Start,
                  "'" + Text.slice(Start, Pos) + "' does not fit in 64 bits");
    };
    // Strip zeros that do not change the value, then build M * 10^Exp.
    size_t First = Digits.find_first_not_of('0');
    if (First == std::string::npos)
      return Value{Rational(0), IsFloat};
    Digits.erase(0, First);
    while (Digits.back() == '0') {
      Digits.pop_back();
      ++Exp;
    }
    if (Digits.size() > 19)
      return TooBig();
    I128 M = 0;
    for (char D : Digits)
      M = M * 10 + (D - '0');
    for (; Exp > 0; --Exp) {
      if (M > Max64)
        return TooBig();
      M *= 10;
    }
    if (M > Max64 || Exp < -38)
      return TooBig();
    I128 Den = 1;
    for (; Exp < 0; ++Exp)
      Den *= 10;
    Rational R(M, Den);
    if (!fits64(R))
      return TooBig();
    return Value{R, IsFloat};
  }

  std::optional<Value> apply(Op O, const Value &A, const Value &B,
                             size_t OpPos) {
    bool BothIntegers = !A.IsFloat && !B.IsFloat;
    bool NeedsIntegers = O == Op::Rem || O == Op::Shl || O == Op::Shr;
    if (NeedsIntegers && !BothIntegers)
      return fail(OpPos,
                  llvm::Twine("'") + opSpelling(O) +
                      "' applied to a decimal float",
                  "integer operands");
    if ((O == Op::Div || O == Op::Rem) && B.R.isZero())
      return fail(OpPos, "division by zero");

    Rational R;
    switch (O) {
    case Op::Add:
      R = A.R + B.R;
      break;
    case Op::Sub:
      R = A.R - B.R;
      break;
    case Op::Mul:
      R = A.R * B.R;
      break;
    case Op::Div:
      R = BothIntegers ? truncate(A.R / B.R) : A.R / B.R;
      break;
    case Op::Rem:
      R = A.R - B.R * truncate(A.R / B.R);
      break;
    case Op::Shl:
    case Op::Shr: {
      if (B.R.isNegative() || Rational(63) < B.R)
        return fail(OpPos, "shift amount " + B.R.str() + " is outside 0-63");
      Rational Scale(static_cast<I128>(1) << static_cast<int>(B.R.num()), 1);
      R = O == Op::Shl ? A.R * Scale : Rational((A.R / Scale).floor(), 1);
      break;
    }
    }
    if (!fits64(R))
      return fail(OpPos, llvm::Twine("overflow: the result of '") +
                             opSpelling(O) + "' does not fit in 64 bits");
    return Value{R, A.IsFloat || B.IsFloat};
  }

  /// C's integer division rounds toward zero.
  static Rational truncate(const Rational &Q) {
    return Rational(Q.isNegative() ? Q.ceil() : Q.floor(), 1);
  }
};

} // namespace

std::optional<Rational> parseValue(llvm::StringRef Text, std::string &Error) {
  return ValueTextParser(Text, Error).run();
}

} // namespace rla
