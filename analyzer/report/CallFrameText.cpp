//===- CallFrameText.cpp --------------------------------------------------===//
#include "analyzer/report/CallFrameText.h"

namespace rla {

std::string callFrameText(const CallFrame &F) {
  std::string Text = F.Function;
  switch (F.How) {
  case CallFrame::Entry:
    break;
  case CallFrame::Call: {
    std::string Numbers;
    for (const auto &[Name, Value] : F.Numbers)
      Numbers += (Numbers.empty() ? "" : ", ") + Name + "=" + Value;
    Text += "(" + Numbers + ")";
    break;
  }
  case CallFrame::Callback:
    return Text + " (called back by '" + F.CalledBy + "' at " + F.CalledAt +
           ")";
  }
  if (!F.OtherFile.empty())
    Text += " (" + F.OtherFile + ")";
  return Text;
}

std::vector<std::string> callChainText(const std::vector<CallFrame> &Chain) {
  std::vector<std::string> Out;
  for (const CallFrame &F : Chain)
    Out.push_back(callFrameText(F));
  return Out;
}

} // namespace rla
