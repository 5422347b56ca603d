#include "core/teach/architectureblock.h"

#include "core/base/numberformat.h"

namespace tx {

QStringList ArchitectureBlock::shapes() const
{
    QStringList out;
    for (const Matrix &m : matrices) {
        QString line = m.count > 1 ? NumberFormat::exact(m.count) + QStringLiteral(" × ") : QString();
        line += QStringLiteral("%1 (%2, %3)").arg(m.name, NumberFormat::exact(m.in), NumberFormat::exact(m.out));
        out << line;
    }
    return out;
}

} // namespace tx
