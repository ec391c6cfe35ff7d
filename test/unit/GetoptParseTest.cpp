#include "analyzer/support/GetoptParse.h"

#include <gtest/gtest.h>

using namespace rla;

namespace {
std::vector<int> returned(const ParsedCommandLine &P) {
  std::vector<int> R;
  for (const ParsedOption &O : P.Options)
    R.push_back(O.Returned);
  return R;
}
} // namespace

TEST(GetoptParseTest, NoArgumentsReturnsAtOnce) {
  ParsedCommandLine P = parseCommandLine({"prog"}, "s:v", {});
  EXPECT_TRUE(P.Options.empty());
  EXPECT_EQ(P.Optind, 1);
}

TEST(GetoptParseTest, ShortOptionsWithArguments) {
  // lud's `-s 256 -v`, and the attached form `-s256`.
  ParsedCommandLine P =
      parseCommandLine({"lud", "-s", "256", "-v"}, "::vs:i:", {});
  EXPECT_EQ(returned(P), (std::vector<int>{'s', 'v'}));
  EXPECT_EQ(P.Options[0].Arg, "256");
  EXPECT_EQ(P.Optind, 4);
  P = parseCommandLine({"lud", "-s256"}, "s:", {});
  EXPECT_EQ(P.Options[0].Arg, "256");
}

TEST(GetoptParseTest, OperandsFirstArePermutedAfterOptions) {
  // dwt2d's run line: the file name comes before the options.
  ParsedCommandLine P = parseCommandLine(
      {"dwt2d", "rgb.bmp", "-d", "1024x1024", "-f", "-5", "-l", "3"},
      "d:c:b:l:D:fr95wh", {});
  EXPECT_EQ(returned(P), (std::vector<int>{'d', 'f', '5', 'l'}));
  EXPECT_EQ(P.Options[0].Arg, "1024x1024");
  EXPECT_EQ(P.Options[3].Arg, "3");
  EXPECT_EQ(P.Optind, 7);
  ASSERT_EQ(P.Argv.size(), 8u);
  EXPECT_EQ(P.Argv[7], "rgb.bmp");
}

TEST(GetoptParseTest, PlusStopsAtTheFirstOperand) {
  ParsedCommandLine P =
      parseCommandLine({"p", "-v", "file", "-s", "1"}, "+vs:", {});
  EXPECT_EQ(returned(P), (std::vector<int>{'v'}));
  EXPECT_EQ(P.Optind, 2);
}

TEST(GetoptParseTest, GroupedFlagsAndUnknownOptions) {
  ParsedCommandLine P = parseCommandLine({"p", "-fx", "--", "-s"}, "fs:", {});
  EXPECT_EQ(returned(P), (std::vector<int>{'f', '?'}));
  EXPECT_EQ(P.Optind, 3);
  EXPECT_EQ(P.Argv[3], "-s");
}

TEST(GetoptParseTest, LongOptions) {
  std::vector<LongOption> Long = {{"size", 1, false, 's'},
                                  {"verify", 0, false, 'v'},
                                  {"quiet", 0, true, 1}};
  ParsedCommandLine P = parseCommandLine(
      {"p", "--size=512", "--verify", "--size", "64", "--quiet", "--nope"},
      "s:v", Long);
  EXPECT_EQ(returned(P), (std::vector<int>{'s', 'v', 's', 0, '?'}));
  EXPECT_EQ(P.Options[0].Arg, "512");
  EXPECT_EQ(P.Options[2].Arg, "64");
  EXPECT_EQ(P.Options[3].LongIndex, 2);
}

TEST(GetoptParseTest, MissingRequiredArgument) {
  ParsedCommandLine P = parseCommandLine({"p", "-s"}, "s:", {});
  EXPECT_EQ(returned(P), (std::vector<int>{'?'}));
}
