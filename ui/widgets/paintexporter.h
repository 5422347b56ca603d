#pragma once

#include "core/base/error.h"

#include <QCoreApplication>
#include <QRectF>
#include <QSize>
#include <QString>

#include <functional>
#include <optional>

class QPainter;

namespace tx {

// Writes anything that can paint itself into a QPainter to PNG or SVG (the heatmaps and the
// line view; charts go through ChartWriter). Same error values and size limits as ChartWriter.
class PaintExporter
{
    Q_DECLARE_TR_FUNCTIONS(tx::PaintExporter)

public:
    using PaintFunction = std::function<void(QPainter &painter, const QRectF &bounds)>;

    static std::optional<Error> savePng(const PaintFunction &paint, const QSize &pixels, const QString &path);
    static std::optional<Error> saveSvg(const PaintFunction &paint, const QSize &size, const QString &path,
                                        const QString &title);
    // PNG or SVG by the file's suffix.
    static std::optional<Error> save(const PaintFunction &paint, const QSize &size, const QString &path,
                                     const QString &title);
};

} // namespace tx
