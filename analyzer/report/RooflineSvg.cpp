//===- RooflineSvg.cpp ----------------------------------------------------===//
#include "analyzer/report/RooflineSvg.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace rla {
namespace {

std::string escape(const std::string &S) {
  std::string Out;
  for (char C : S) {
    switch (C) {
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '&':
      Out += "&amp;";
      break;
    case '"':
      Out += "&quot;";
      break;
    default:
      Out += C;
    }
  }
  return Out;
}

std::string fmt(double V) {
  char Buf[32];
  std::snprintf(Buf, sizeof(Buf), "%.1f", V);
  return Buf;
}

/// "10^3" style label of a decade.
std::string decadeLabel(int E) {
  if (E >= 0 && E <= 3)
    return std::to_string(static_cast<long>(std::pow(10, E)));
  return "1e" + std::to_string(E);
}

const char *const Colours[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd",
                               "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22",
                               "#17becf", "#ff7f0e"};

constexpr double W = 900, H = 600;

/// One plot, drawn in a W x H box whose top left corner is at (OffsetX,
/// OffsetY).
void renderPanel(std::ostringstream &S, const RooflinePlot &P, double OffsetX,
                 double OffsetY) {
  const double Left = 90, Right = 220, Top = 50, Bottom = 70;
  const double PlotW = W - Left - Right, PlotH = H - Top - Bottom;

  // Axis ranges: whole decades around the ceilings and the points.
  double XMin = 1e-2, XMax = 1e3, YMax = 1, YMin;
  for (const RoofCeiling &C : P.Compute)
    YMax = std::max(YMax, C.Value);
  std::vector<const RoofPoint *> Shown, Edge, Hidden;
  for (const RoofPoint &Pt : P.Points)
    (Pt.Intensity > 0 && Pt.FlopsPerS > 0    ? Shown
     : Pt.FlopsPerS <= 0 && Pt.BytesPerS > 0 ? Edge
                                             : Hidden)
        .push_back(&Pt);
  for (const RoofPoint *Pt : Shown) {
    XMin = std::min(XMin, Pt->Intensity);
    XMax = std::max(XMax, Pt->Intensity);
    YMax = std::max(YMax, Pt->FlopsPerS);
  }
  int X0 = static_cast<int>(std::floor(std::log10(XMin)));
  int X1 = static_cast<int>(std::ceil(std::log10(XMax)));
  int Y1 = static_cast<int>(std::ceil(std::log10(YMax)));
  YMin = YMax;
  for (const RoofPoint *Pt : Shown)
    YMin = std::min(YMin, Pt->FlopsPerS);
  for (const RoofPoint *Pt : Edge)
    YMin = std::min(YMin, Pt->BytesPerS * std::pow(10.0, X0));
  for (const RoofCeiling &M : P.Memory)
    YMin = std::min(YMin, M.Value * std::pow(10.0, X0));
  int Y0 = static_cast<int>(std::floor(std::log10(YMin)));
  Y0 = std::max(Y0, Y1 - 9);
  if (X1 <= X0)
    X1 = X0 + 1;
  if (Y1 <= Y0)
    Y1 = Y0 + 1;

  auto X = [&](double V) {
    return Left + (std::log10(V) - X0) / (X1 - X0) * PlotW;
  };
  auto Y = [&](double V) {
    double L = std::clamp(std::log10(V), double(Y0), double(Y1));
    return Top + PlotH - (L - Y0) / (Y1 - Y0) * PlotH;
  };

  S << "<g class=\"panel\" transform=\"translate(" << OffsetX << "," << OffsetY
    << ")\">\n"
    << "<text x=\"" << W / 2
    << "\" y=\"24\" text-anchor=\"middle\" "
       "font-size=\"16\">"
    << escape(P.Title) << "</text>\n";

  // Decade grid and ticks.
  S << "<g class=\"grid\" stroke=\"#ddd\">\n";
  for (int E = X0; E <= X1; ++E)
    S << "<line x1=\"" << fmt(X(std::pow(10.0, E))) << "\" y1=\"" << Top
      << "\" x2=\"" << fmt(X(std::pow(10.0, E))) << "\" y2=\"" << Top + PlotH
      << "\"/>\n";
  for (int E = Y0; E <= Y1; ++E)
    S << "<line x1=\"" << Left << "\" y1=\"" << fmt(Y(std::pow(10.0, E)))
      << "\" x2=\"" << Left + PlotW << "\" y2=\"" << fmt(Y(std::pow(10.0, E)))
      << "\"/>\n";
  S << "</g>\n<g class=\"ticks\">\n";
  for (int E = X0; E <= X1; ++E)
    S << "<text x=\"" << fmt(X(std::pow(10.0, E))) << "\" y=\""
      << Top + PlotH + 18 << "\" text-anchor=\"middle\">" << decadeLabel(E)
      << "</text>\n";
  for (int E = Y0; E <= Y1; ++E)
    S << "<text x=\"" << Left - 8 << "\" y=\"" << fmt(Y(std::pow(10.0, E)) + 4)
      << "\" text-anchor=\"end\">" << decadeLabel(E) << "</text>\n";
  S << "</g>\n"
    << "<rect class=\"frame\" x=\"" << Left << "\" y=\"" << Top << "\" width=\""
    << PlotW << "\" height=\"" << PlotH
    << "\" fill=\"none\" stroke=\"black\"/>\n"
    << "<text x=\"" << Left + PlotW / 2 << "\" y=\"" << H - 30
    << "\" text-anchor=\"middle\">arithmetic intensity (FLOP/byte)</text>\n"
    << "<text transform=\"translate(22," << Top + PlotH / 2
    << ") rotate(-90)\" text-anchor=\"middle\">performance (FLOP/s)</text>\n";

  // Ceilings: each memory level's slope up to the highest compute roof, and
  // each compute roof flat from its ridge with the fastest memory level.
  double MaxCompute = 0, MaxMemory = 0;
  for (const RoofCeiling &C : P.Compute)
    MaxCompute = std::max(MaxCompute, C.Value);
  for (const RoofCeiling &M : P.Memory)
    MaxMemory = std::max(MaxMemory, M.Value);
  double XLo = std::pow(10.0, X0), XHi = std::pow(10.0, X1);
  S << "<g class=\"ceilings\" stroke-width=\"2\" fill=\"none\">\n";
  for (const RoofCeiling &M : P.Memory) {
    double Ridge = MaxCompute > 0 ? MaxCompute / M.Value : XHi;
    double XEnd = std::min(XHi, Ridge);
    S << "<line class=\"memory-roof\" stroke=\"#444\" x1=\"" << fmt(X(XLo))
      << "\" y1=\"" << fmt(Y(M.Value * XLo)) << "\" x2=\"" << fmt(X(XEnd))
      << "\" y2=\"" << fmt(Y(M.Value * XEnd)) << "\"/>\n"
      << "<text class=\"roof-label\" stroke=\"none\" fill=\"#444\" x=\""
      << fmt(X(XLo) + 6) << "\" y=\"" << fmt(Y(M.Value * XLo) - 6) << "\">"
      << escape(M.Label) << "</text>\n";
  }
  for (const RoofCeiling &C : P.Compute) {
    double Ridge = MaxMemory > 0 ? C.Value / MaxMemory : XLo;
    double XStart = std::max(XLo, Ridge);
    S << "<line class=\"compute-roof\" stroke=\"#444\" stroke-dasharray=\""
      << (C.Value == MaxCompute ? "none" : "6,3") << "\" x1=\""
      << fmt(X(XStart)) << "\" y1=\"" << fmt(Y(C.Value)) << "\" x2=\""
      << fmt(X(XHi)) << "\" y2=\"" << fmt(Y(C.Value)) << "\"/>\n"
      << "<text class=\"roof-label\" stroke=\"none\" fill=\"#444\" x=\""
      << fmt(X(XHi) - 4) << "\" y=\"" << fmt(Y(C.Value) - 6)
      << "\" text-anchor=\"end\">" << escape(C.Label) << "</text>\n";
  }
  S << "</g>\n<g class=\"points\">\n";

  // Points: one colour per label, so a kernel's predicted and measured
  // points pair up; the legend repeats the labels.
  std::vector<std::string> Labels;
  for (const RoofPoint *Pt : Shown)
    if (std::find(Labels.begin(), Labels.end(), Pt->Label) == Labels.end())
      Labels.push_back(Pt->Label);
  auto colour = [&](const std::string &L) {
    size_t I = std::find(Labels.begin(), Labels.end(), L) - Labels.begin();
    return Colours[I % (sizeof(Colours) / sizeof(*Colours))];
  };
  // A launch's levels, joined; a launch without FLOPs sits at the edge.
  double XEdge = std::pow(10.0, X0);
  auto At = [&](const RoofPoint *Pt) {
    return Pt->FlopsPerS > 0 ? std::pair{X(Pt->Intensity), Y(Pt->FlopsPerS)}
                             : std::pair{X(XEdge), Y(Pt->BytesPerS * XEdge)};
  };
  std::vector<const RoofPoint *> Drawn = Shown;
  Drawn.insert(Drawn.end(), Edge.begin(), Edge.end());
  for (const RoofPoint *Pt : Edge)
    if (std::find(Labels.begin(), Labels.end(), Pt->Label) == Labels.end())
      Labels.push_back(Pt->Label);
  for (size_t I = 0; I < Drawn.size(); ++I)
    for (size_t J = I + 1; J < Drawn.size(); ++J)
      if (Drawn[I]->Group >= 0 && Drawn[I]->Group == Drawn[J]->Group) {
        auto [X1, Y1] = At(Drawn[I]);
        auto [X2, Y2] = At(Drawn[J]);
        S << "<line class=\"levels\" x1=\"" << fmt(X1) << "\" y1=\"" << fmt(Y1)
          << "\" x2=\"" << fmt(X2) << "\" y2=\"" << fmt(Y2) << "\" stroke=\""
          << colour(Drawn[I]->Label)
          << "\" stroke-width=\"1\" stroke-dasharray=\"3,2\"/>\n";
      }
  for (const RoofPoint *Pt : Drawn) {
    auto [PX, PY] = At(Pt);
    const char *Col = colour(Pt->Label);
    std::string Fill = Pt->Verdict ? Col : "none";
    std::string Cls = Pt->Measured ? "measured" : "predicted";
    if (Pt->Verdict)
      Cls += " verdict";
    if (Pt->FlopsPerS <= 0)
      Cls += " no-flops";
    if (Pt->Measured)
      S << "<circle class=\"" << Cls << "\" cx=\"" << fmt(PX) << "\" cy=\""
        << fmt(PY) << "\" r=\"5\" fill=\"" << Col << "\">";
    else if (Pt->Level == "L2")
      S << "<polygon class=\"" << Cls << " l2\" points=\"" << fmt(PX) << ","
        << fmt(PY - 6) << " " << fmt(PX + 6) << "," << fmt(PY) << " " << fmt(PX)
        << "," << fmt(PY + 6) << " " << fmt(PX - 6) << "," << fmt(PY)
        << "\" fill=\"" << Fill << "\" stroke=\"" << Col
        << "\" stroke-width=\"2\">";
    else if (Pt->Level == "L1")
      S << "<polygon class=\"" << Cls << " l1\" points=\"" << fmt(PX) << ","
        << fmt(PY - 6) << " " << fmt(PX + 6) << "," << fmt(PY + 5) << " "
        << fmt(PX - 6) << "," << fmt(PY + 5) << "\" fill=\"" << Fill
        << "\" stroke=\"" << Col << "\" stroke-width=\"2\">";
    else
      S << "<rect class=\"" << Cls << " dram\" x=\"" << fmt(PX - 5) << "\" y=\""
        << fmt(PY - 5) << "\" width=\"10\" height=\"10\" fill=\"" << Fill
        << "\" stroke=\"" << Col << "\" stroke-width=\"2\">";
    S << "<title>" << escape(Pt->Label)
      << (Pt->Measured     ? " (measured)"
          : Pt->Group < 0 ? " (predicted)"
                          : " (predicted, " + Pt->Level + ")")
      << (Pt->Verdict ? ", the level that bounds it" : "")
      << (Pt->FlopsPerS <= 0 ? ", no FLOPs: its bandwidth at the edge" : "")
      << "</title>"
      << (Pt->Measured          ? "</circle>\n"
          : Pt->Level == "DRAM" ? "</rect>\n"
                                : "</polygon>\n");
    // One label a launch: at its verdict's point (or its only one).
    if (Pt->Measured || Pt->Verdict || Pt->Group < 0)
      S << "<text class=\"point-label\" x=\"" << fmt(PX + 8) << "\" y=\""
        << fmt(PY - 6) << "\" fill=\"" << Col << "\" font-size=\"10\">"
        << escape(Pt->Label) << "</text>\n";
  }
  S << "</g>\n<g class=\"legend\">\n";
  double LY = Top + 10;
  S << "<rect x=\"" << W - Right + 20 << "\" y=\"" << LY - 8
    << "\" width=\"10\" height=\"10\" fill=\"none\" stroke=\"black\"/>"
    << "<text x=\"" << W - Right + 36 << "\" y=\"" << LY + 1
    << "\">predicted at DRAM,</text>\n";
  LY += 14;
  S << "<text x=\"" << W - Right + 36 << "\" y=\"" << LY + 1
    << "\" font-size=\"11\">\u25c7 L2, \u25b3 L1 (joined)</text>\n";
  LY += 14;
  S << "<text class=\"legend-verdict\" x=\"" << W - Right + 36 << "\" y=\""
    << LY + 1 << "\" font-size=\"11\">filled: the verdict's level</text>\n";
  LY += 14;
  S << "<text x=\"" << W - Right + 36 << "\" y=\"" << LY + 1
    << "\" font-size=\"11\">left edge: no FLOPs</text>\n";
  LY += 18;
  S << "<circle cx=\"" << W - Right + 25 << "\" cy=\"" << LY - 3
    << "\" r=\"5\" fill=\"black\"/><text x=\"" << W - Right + 36 << "\" y=\""
    << LY + 1 << "\">measured</text>\n";
  for (const std::string &L : Labels) {
    LY += 18;
    S << "<rect x=\"" << W - Right + 20 << "\" y=\"" << LY - 8
      << "\" width=\"10\" height=\"10\" fill=\"" << colour(L)
      << "\"/><text x=\"" << W - Right + 36 << "\" y=\"" << LY + 1
      << "\" font-size=\"11\">" << escape(L) << "</text>\n";
  }
  S << "</g>\n";
  if (!Hidden.empty()) {
    S << "<text class=\"note\" x=\"" << Left << "\" y=\"" << H - 10
      << "\" font-size=\"11\">not plotted (no time or no bytes): ";
    for (size_t I = 0; I < Hidden.size(); ++I)
      S << (I ? ", " : "") << escape(Hidden[I]->Label)
        << (Hidden[I]->Measured ? " (measured)" : " (predicted)");
    S << "</text>\n";
  }
  S << "</g>\n";
}

} // namespace

std::string renderRooflineSvg(const RooflinePlot &P) {
  return renderRooflineSvg(std::vector<RooflinePlot>{P});
}

std::string renderRooflineSvg(const std::vector<RooflinePlot> &Plots) {
  size_t N = std::max<size_t>(1, Plots.size());
  size_t Columns = N == 1 ? 1 : 2, Rows = (N + Columns - 1) / Columns;
  double Width = W * double(Columns), Height = H * double(Rows);
  // The document fits a 1200 x 800 screen; its view box keeps the panels'
  // own size.
  double Scale = std::min({1.0, 1200 / Width, 800 / Height});
  std::ostringstream S;
  S << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\""
    << std::lround(Width * Scale) << "\" height=\""
    << std::lround(Height * Scale) << "\" viewBox=\"0 0 " << Width << ' '
    << Height << "\" font-family=\"sans-serif\" font-size=\"12\">\n"
    << "<title>"
    << escape(Plots.size() == 1 ? Plots[0].Title : std::string("Roofline"))
    << "</title>\n"
    << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  for (size_t I = 0; I < Plots.size(); ++I)
    renderPanel(S, Plots[I], W * double(I % Columns), H * double(I / Columns));
  S << "</svg>\n";
  return S.str();
}

} // namespace rla
