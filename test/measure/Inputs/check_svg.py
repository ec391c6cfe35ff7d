"""check_svg.py FILE LABEL...: the roofline SVG is well-formed XML with
ceilings, predicted and measured points, and each LABEL in a point label."""
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == NS + "svg", root.tag
classes = {}
for e in root.iter():
    # An element may have several classes ("predicted verdict l1").
    for c in (e.get("class") or "").split():
        classes.setdefault(c, []).append(e)
for needed in ("compute-roof", "memory-roof", "predicted", "measured", "point-label"):
    assert needed in classes, f"no element of class {needed}"
labels = " ".join(e.text or "" for e in classes["point-label"])
for want in sys.argv[2:]:
    assert want in labels, f"no point labelled {want}: {labels}"
ticks = [e.text for e in root.iter(NS + "text") if e.text and e.text.startswith(("1e", "1", "10"))]
assert len(ticks) >= 4, "decade ticks missing"
print("svg ok")
