#pragma once

#include <QString>

namespace tx::fuzz {

// Opens a checkpoint as `inspect` and the window's model page do (ModelInspection::inspect: the
// headers, the tensor tree, the design and the reconciliation), writes its JSON, and puts the
// design it found through exerciseDesign().
void inspectModel(const QString &path);

} // namespace tx::fuzz
