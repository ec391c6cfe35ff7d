//===- ValueParserTest.cpp - Constant value expressions -------------------===//
#include "analyzer/driver/ValueParser.h"

#include <gtest/gtest.h>

#include <string>

using namespace rla;

namespace {

/// The value of Text; fails the test (with the parser's message) otherwise.
Rational valueOf(const std::string &Text) {
  std::string Error;
  std::optional<Rational> V = parseValue(Text, Error);
  EXPECT_TRUE(V.has_value()) << Text << ": " << Error;
  return V.value_or(Rational(-12345));
}

/// The error for Text, which must not parse.
std::string errorOf(const std::string &Text) {
  std::string Error;
  std::optional<Rational> V = parseValue(Text, Error);
  EXPECT_FALSE(V.has_value()) << Text << " parsed as " << V->str();
  EXPECT_FALSE(Error.empty()) << Text;
  return Error;
}

Rational ratio(int64_t Num, int64_t Den) { return Rational(Num, Den); }

TEST(ValueParserTest, Integers) {
  EXPECT_EQ(valueOf("16777216"), Rational(16777216));
  EXPECT_EQ(valueOf("100000000"), Rational(100000000));
  EXPECT_EQ(valueOf("0"), Rational(0));
  EXPECT_EQ(valueOf("007"), Rational(7)); // Not octal.
  EXPECT_EQ(valueOf("0x100"), Rational(256));
  EXPECT_EQ(valueOf("0XfF"), Rational(255));
  EXPECT_EQ(valueOf("0b1010"), Rational(10));
  EXPECT_EQ(valueOf("16'777'216"), Rational(16777216));
  EXPECT_EQ(valueOf("1_000_000"), Rational(1000000));
  EXPECT_EQ(valueOf("1024u"), Rational(1024));
  EXPECT_EQ(valueOf("1ull"), Rational(1));
  EXPECT_EQ(valueOf("9223372036854775807"), Rational(INT64_MAX));
  EXPECT_EQ(valueOf("-9223372036854775807"), Rational(-INT64_MAX));
}

TEST(ValueParserTest, DecimalFloatsAreExact) {
  EXPECT_EQ(valueOf("1e8"), Rational(100000000));
  EXPECT_EQ(valueOf("2.0"), Rational(2));
  EXPECT_EQ(valueOf("0.5"), ratio(1, 2));
  EXPECT_EQ(valueOf(".25"), ratio(1, 4));
  EXPECT_EQ(valueOf("3."), Rational(3));
  EXPECT_EQ(valueOf("0.1"), ratio(1, 10));
  EXPECT_EQ(valueOf("1.5e3"), Rational(1500));
  EXPECT_EQ(valueOf("2.5E-3"), ratio(1, 400));
  EXPECT_EQ(valueOf("1e+2"), Rational(100));
  EXPECT_EQ(valueOf("2.0f"), Rational(2));
  EXPECT_EQ(valueOf("0.0e999"), Rational(0));
  EXPECT_EQ(valueOf("2.000000000000000000000000000000000000000000"),
            Rational(2));
}

TEST(ValueParserTest, Operators) {
  EXPECT_EQ(valueOf("1<<24"), Rational(16777216));
  EXPECT_EQ(valueOf("(1<<20)*4"), Rational(4194304));
  EXPECT_EQ(valueOf("4096*4096"), Rational(16777216));
  EXPECT_EQ(valueOf(" 1 << 24 "), Rational(16777216));
  EXPECT_EQ(valueOf("1+2*3"), Rational(7));
  EXPECT_EQ(valueOf("(1+2)*3"), Rational(9));
  EXPECT_EQ(valueOf("10-2-3"), Rational(5));
  EXPECT_EQ(valueOf("1<<2+1"), Rational(8)); // '+' binds tighter, as in C.
  EXPECT_EQ(valueOf("2*3%4"), Rational(2));
  EXPECT_EQ(valueOf("256>>4"), Rational(16));
  EXPECT_EQ(valueOf("-1>>1"), Rational(-1));
  EXPECT_EQ(valueOf("(1<<20)/256"), Rational(4096));
}

TEST(ValueParserTest, UnaryMinus) {
  EXPECT_EQ(valueOf("-1"), Rational(-1));
  EXPECT_EQ(valueOf("--1"), Rational(1));
  EXPECT_EQ(valueOf("-(2+3)"), Rational(-5));
  EXPECT_EQ(valueOf("+4"), Rational(4));
  EXPECT_EQ(valueOf("3*-2"), Rational(-6));
}

TEST(ValueParserTest, IntegerDivisionFollowsC) {
  EXPECT_EQ(valueOf("7/2"), Rational(3));
  EXPECT_EQ(valueOf("-7/2"), Rational(-3));
  EXPECT_EQ(valueOf("7%3"), Rational(1));
  EXPECT_EQ(valueOf("-7%3"), Rational(-1));
  EXPECT_EQ(valueOf("1.0/3"), ratio(1, 3));
  EXPECT_EQ(valueOf("1/3.0"), ratio(1, 3));
  EXPECT_EQ(valueOf("1e8/3"), ratio(100000000, 3));
}

TEST(ValueParserTest, Overflow) {
  EXPECT_NE(errorOf("9223372036854775808").find("does not fit in 64 bits"),
            std::string::npos);
  EXPECT_NE(errorOf("0x8000000000000000").find("does not fit"),
            std::string::npos);
  EXPECT_EQ(valueOf("1<<62"), Rational(int64_t(1) << 62));
  EXPECT_NE(errorOf("1<<63").find("overflow"), std::string::npos);
  EXPECT_NE(errorOf("(1<<62)*2").find("overflow"), std::string::npos);
  EXPECT_NE(errorOf("9223372036854775807+1").find("overflow"),
            std::string::npos);
  EXPECT_NE(errorOf("1e30").find("does not fit"), std::string::npos);
  EXPECT_NE(errorOf("1e-30").find("does not fit"), std::string::npos);
  EXPECT_NE(errorOf("1e99999999999999999999").find("does not fit"),
            std::string::npos);
}

TEST(ValueParserTest, DomainErrors) {
  EXPECT_NE(errorOf("1/0").find("division by zero at column 2"),
            std::string::npos);
  EXPECT_NE(errorOf("5%(2-2)").find("division by zero"), std::string::npos);
  EXPECT_NE(errorOf("1.0/0").find("division by zero"), std::string::npos);
  EXPECT_NE(errorOf("1.5%2").find("integer operands"), std::string::npos);
  EXPECT_NE(errorOf("1<<0.5").find("integer operands"), std::string::npos);
  EXPECT_NE(errorOf("1<<64").find("outside 0-63"), std::string::npos);
  EXPECT_NE(errorOf("1<<-1").find("outside 0-63"), std::string::npos);
}

TEST(ValueParserTest, SymbolsAreRejected) {
  std::string E = errorOf("(n + 255)");
  EXPECT_NE(E.find("'n' is a name"), std::string::npos) << E;
  EXPECT_NE(E.find("column 2"), std::string::npos) << E;
  EXPECT_NE(errorOf("blockDim.x").find("'blockDim' is a name"),
            std::string::npos);
}

TEST(ValueParserTest, SyntaxErrorsNamePosition) {
  std::string E = errorOf("1 2");
  EXPECT_EQ(E, "'1 2': unexpected '2' at column 3; expected an operator or "
               "the end of the value");
  EXPECT_NE(errorOf("1<<2x").find("unexpected 'x' in a number at column 5"),
            std::string::npos);
  EXPECT_NE(errorOf("(1+2").find("')' to close the '(' at column 1"),
            std::string::npos);
  EXPECT_NE(errorOf("1+").find("end of the value at column 3"),
            std::string::npos);
  EXPECT_NE(errorOf("0x").find("hexadecimal digits"), std::string::npos);
  EXPECT_NE(errorOf("1e").find("exponent digits"), std::string::npos);
  EXPECT_NE(errorOf("1.2.3").find("column 4"), std::string::npos);
  EXPECT_NE(errorOf("1)").find("unexpected ')'"), std::string::npos);
  EXPECT_NE(errorOf("1 < 2").find("unexpected '<'"), std::string::npos);
  EXPECT_NE(errorOf("").find("found nothing"), std::string::npos);
  EXPECT_NE(errorOf("   ").find("found nothing"), std::string::npos);
  EXPECT_NE(errorOf("16''777").find("unexpected"), std::string::npos);
}

TEST(ValueParserTest, DeepNestingFailsCleanly) {
  std::string Text = std::string(100000, '(') + "1" + std::string(100000, ')');
  EXPECT_NE(errorOf(Text).find("nesting too deep"), std::string::npos);
  EXPECT_NE(errorOf(std::string(100000, '-') + "1").find("nesting too deep"),
            std::string::npos);
  EXPECT_EQ(valueOf(std::string(50, '(') + "1" + std::string(50, ')')),
            Rational(1));
}

} // namespace
