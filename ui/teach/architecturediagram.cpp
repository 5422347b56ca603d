#include "ui/teach/architecturediagram.h"

#include "core/base/numberformat.h"

#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

namespace tx {

namespace {

constexpr double kMargin = 16;
constexpr double kFramePad = 14;
constexpr double kGap = 26;       // between blocks: the arrow (or the ⊕ of a residual add)
constexpr double kShapesPerLine = 3;
constexpr double kStripHeight = 26; // the attention's matrices drawn to scale

bool hasStrip(const ArchitectureBlock &b)
{
    return b.kind == ArchitectureBlock::Kind::Attention || b.kind == ArchitectureBlock::Kind::CrossAttention;
}

// Chinese glyphs come from a fallback font taller than the primary one: lines get room for it.
double lineHeight(const QFontMetricsF &m)
{
    return m.height() * 1.3;
}

QFont scaled(const QFont &base, double factor, bool bold = false)
{
    QFont f = base;
    f.setPointSizeF(std::max(6.0, base.pointSizeF() * factor));
    f.setBold(bold);
    return f;
}

QColor fill(ArchitectureBlock::Kind kind)
{
    switch (kind) {
    case ArchitectureBlock::Kind::Embedding: return QColor(0xd9, 0xf0, 0xd3);
    case ArchitectureBlock::Kind::Norm: return QColor(0xec, 0xec, 0xec);
    case ArchitectureBlock::Kind::Attention: return QColor(0xd4, 0xe4, 0xf7);
    case ArchitectureBlock::Kind::CrossAttention: return QColor(0xe4, 0xd9, 0xf3);
    case ArchitectureBlock::Kind::Ffn: return QColor(0xfc, 0xe3, 0xc4);
    case ArchitectureBlock::Kind::Experts: return QColor(0xf9, 0xd0, 0xa8);
    case ArchitectureBlock::Kind::Head: return QColor(0xd9, 0xf0, 0xd3);
    }
    return Qt::white;
}

QStringList shapeLines(const ArchitectureBlock &b)
{
    const QStringList shapes = b.shapes();
    QStringList lines;
    for (int i = 0; i < shapes.size(); i += int(kShapesPerLine))
        lines << shapes.mid(i, int(kShapesPerLine)).join(QStringLiteral("    "));
    return lines;
}

} // namespace

ArchitectureDiagram::ArchitectureDiagram(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("architectureDiagram"));
    setMouseTracking(true);
    QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void ArchitectureDiagram::setFigure(const ArchitectureFigure &figure)
{
    m_figure = figure;
    m_message.clear();
    updateGeometry();
    update();
}

void ArchitectureDiagram::clear(const QString &message)
{
    m_figure.reset();
    m_message = message;
    updateGeometry();
    update();
}

ArchitectureDiagram::Layout ArchitectureDiagram::layout(double width) const
{
    Layout out;
    if (!m_figure)
        return out;
    const QFontMetricsF title(scaled(font(), 1.35, true)), small(scaled(font(), 1.05));
    const double lineTitle = lineHeight(title), lineSmall = lineHeight(small);
    double y = kMargin + lineTitle * 1.4; // the figure's title line
    const auto blockHeight = [&](const ArchitectureBlock &b) {
        if (b.kind == ArchitectureBlock::Kind::Norm)
            return lineTitle + lineSmall + 12;
        return lineTitle + lineSmall * (1 + double(shapeLines(b).size())) + 10 + 18 + (hasStrip(b) ? kStripHeight : 0);
    };
    const auto place = [&](const ArchitectureBlock &b, double left, double right, int stored) {
        const double h = blockHeight(b);
        out.blocks.push_back({QRectF(left, y, right - left, h), &b, stored});
        y += h;
        if (b.residualAfter)
            out.adds.push_back(QPointF((left + right) / 2, y + kGap / 2));
        y += kGap;
    };
    for (const ArchitectureBlock &b : m_figure->input)
        place(b, kMargin, width - kMargin, 1);
    for (const ArchitectureStack &s : m_figure->stacks) {
        const double top = y;
        y += lineTitle * 1.3 + kFramePad / 2; // the frame's header
        for (const ArchitectureBlock &b : s.blocks)
            place(b, kMargin + kFramePad, width - kMargin - kFramePad, s.storedLayers);
        // The frame closes below the last block, or below its ⊕ when a residual add ends the layer.
        if (!s.blocks.empty() && !s.blocks.back().residualAfter)
            y -= kGap - kFramePad;
        out.frames.push_back({QRectF(kMargin, top, width - 2 * kMargin, y - top), &s});
        y += kGap;
    }
    for (const ArchitectureBlock &b : m_figure->output)
        place(b, kMargin, width - kMargin, 1);
    out.height = y - kGap + kMargin;
    return out;
}

std::vector<ArchitectureDiagram::Placed> ArchitectureDiagram::placedBlocks() const
{
    return layout(width()).blocks;
}

int ArchitectureDiagram::heightForWidth(int width) const
{
    return m_figure ? int(std::ceil(layout(width).height)) : 200;
}

QSize ArchitectureDiagram::sizeHint() const
{
    return QSize(900, heightForWidth(900));
}

QSize ArchitectureDiagram::minimumSizeHint() const
{
    return QSize(560, 200);
}

void ArchitectureDiagram::paintBlock(QPainter &p, const Placed &pl) const
{
    const ArchitectureBlock &b = *pl.block;
    const QRectF r = pl.rect;
    const QFont titleFont = scaled(font(), 1.35, true), smallFont = scaled(font(), 1.05);
    const QFontMetricsF tm(titleFont), sm(smallFont);
    QPainterPath path;
    path.addRoundedRect(r, 8, 8);
    p.fillPath(path, fill(b.kind));
    p.setPen(QPen(QColor(0x70, 0x70, 0x70), 1.2));
    p.drawPath(path);

    const double pad = 12;
    const bool inStack = pl.storedLayers > 1 || r.left() > kMargin + 1;
    const QString count = NumberFormat::exact(b.params);
    const QString share = QStringLiteral("%1 %").arg(100.0 * m_figure->share(b, pl.storedLayers), 0, 'f', 1);
    const QString right = b.kind == ArchitectureBlock::Kind::Norm
                              ? count
                              : (inStack ? tr("%1 per layer").arg(count) : count);
    p.setPen(QColor(0x20, 0x20, 0x20));
    p.setFont(titleFont);
    const double rightWidth = tm.horizontalAdvance(right);
    p.drawText(QRectF(r.right() - pad - rightWidth, r.top() + 4, rightWidth, lineHeight(tm)), Qt::AlignRight, right);
    p.drawText(QRectF(r.left() + pad, r.top() + 4, r.width() - 3 * pad - rightWidth, lineHeight(tm)),
               Qt::AlignLeft, tm.elidedText(b.title, Qt::ElideRight, r.width() - 3 * pad - rightWidth));
    p.setFont(smallFont);
    double y = r.top() + 4 + lineHeight(tm);
    QString shareText;
    if (b.kind != ArchitectureBlock::Kind::Norm)
        shareText = inStack ? tr("× %1: %2 of the model").arg(pl.storedLayers).arg(share) : tr("%1 of the model").arg(share);
    const double shareWidth = sm.horizontalAdvance(shareText);
    p.setPen(QColor(0x40, 0x40, 0x40));
    p.drawText(QRectF(r.left() + pad, y, r.width() - 3 * pad - shareWidth, lineHeight(sm)), Qt::AlignLeft,
               sm.elidedText(b.detail, Qt::ElideRight, r.width() - 3 * pad - shareWidth));
    p.drawText(QRectF(r.right() - pad - shareWidth, y, shareWidth, lineHeight(sm)), Qt::AlignRight, shareText);
    if (b.kind == ArchitectureBlock::Kind::Norm)
        return;
    y += lineHeight(sm);
    p.setPen(QColor(0x10, 0x30, 0x60));
    for (const QString &line : shapeLines(b)) {
        p.drawText(QRectF(r.left() + pad, y, r.width() - 2 * pad, lineHeight(sm)), Qt::AlignLeft,
                   sm.elidedText(line, Qt::ElideRight, r.width() - 2 * pad));
        y += lineHeight(sm);
    }
    // The attention's matrices side by side, each as wide as its output: GQA's W_K and W_V are
    // narrower than W_Q by the group size, MLA's latent W_KVa is a sliver.
    if (hasStrip(b) && !b.matrices.empty()) {
        double widest = 1;
        for (const auto &m : b.matrices)
            widest = std::max(widest, double(m.out));
        const double slot = (r.width() - 2 * pad) / double(b.matrices.size());
        const QFont tiny = scaled(font(), 0.9);
        p.setFont(tiny);
        const QFontMetricsF fm(tiny);
        for (std::size_t i = 0; i < b.matrices.size(); ++i) {
            const auto &m = b.matrices[i];
            const double w = std::max(3.0, (slot - 8) * double(m.out) / widest);
            const QRectF cell(r.left() + pad + slot * double(i), y + 4, w, kStripHeight - 8);
            p.fillRect(cell, QColor(0x2f, 0x6d, 0xb5, 90));
            p.setPen(QColor(0x10, 0x30, 0x60));
            p.drawRect(cell);
            const QString name = m.name;
            if (fm.horizontalAdvance(name) + 6 < w)
                p.drawText(cell, Qt::AlignCenter, name);
            else
                p.drawText(QRectF(cell.right() + 3, cell.top(), slot - w - 6, cell.height()), Qt::AlignVCenter | Qt::AlignLeft, name);
        }
        p.setFont(smallFont);
        y += kStripHeight;
    }
    // The share bar: the block's part of the whole model.
    const QRectF bar(r.left() + pad, r.bottom() - 16, r.width() - 2 * pad, 8);
    p.fillRect(bar, QColor(255, 255, 255, 180));
    p.fillRect(QRectF(bar.left(), bar.top(), bar.width() * std::clamp(m_figure->share(b, pl.storedLayers), 0.0, 1.0), bar.height()),
               QColor(0x2f, 0x6d, 0xb5));
}

void ArchitectureDiagram::render(QPainter &p, const QRectF &bounds) const
{
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(bounds, Qt::white);
    p.translate(bounds.topLeft());
    if (!m_figure) {
        p.setPen(QColor(0x60, 0x60, 0x60));
        p.setFont(scaled(font(), 1.2));
        p.drawText(QRectF(0, 0, bounds.width(), bounds.height()), Qt::AlignCenter | Qt::TextWordWrap, m_message);
        p.restore();
        return;
    }
    const Layout l = layout(bounds.width());
    const QFont titleFont = scaled(font(), 1.35, true), bigFont = scaled(font(), 1.8, true);
    const QFontMetricsF tm(titleFont), bm(bigFont);
    p.setFont(titleFont);
    p.setPen(QColor(0x20, 0x20, 0x20));
    p.drawText(QRectF(kMargin, kMargin, bounds.width() - 2 * kMargin, lineHeight(tm)), Qt::AlignLeft,
               tr("%1 · %2 parameters").arg(m_figure->title.isEmpty() ? tr("Custom design") : m_figure->title,
                                            NumberFormat::exact(m_figure->total)));

    // Arrows between consecutive blocks, drawn first so the blocks and frames sit on top.
    p.setPen(QPen(QColor(0x80, 0x80, 0x80), 2));
    const double cx = bounds.width() / 2;
    for (std::size_t i = 0; i + 1 < l.blocks.size(); ++i) {
        const double y0 = l.blocks[i].rect.bottom(), y1 = l.blocks[i + 1].rect.top();
        p.drawLine(QPointF(cx, y0), QPointF(cx, y1));
        p.drawLine(QPointF(cx, y1), QPointF(cx - 5, y1 - 7));
        p.drawLine(QPointF(cx, y1), QPointF(cx + 5, y1 - 7));
    }
    for (const Layout::Frame &f : l.frames) {
        p.setPen(QPen(QColor(0x50, 0x50, 0x50), 1.5, Qt::DashLine));
        p.setBrush(Qt::NoBrush);
        p.drawRoundedRect(f.rect, 12, 12);
        p.setPen(QColor(0x20, 0x20, 0x20));
        p.setFont(titleFont);
        const QString header = tr("%1 · %2 per layer").arg(f.stack->title, NumberFormat::exact(f.stack->layerParams))
                               + (f.stack->storedLayers < f.stack->layers
                                      ? tr(" · %1 stored (shared)").arg(f.stack->storedLayers)
                                      : QString());
        p.drawText(QRectF(f.rect.left() + kFramePad, f.rect.top() + 6, f.rect.width() * 0.8, lineHeight(tm)), Qt::AlignLeft,
                   tm.elidedText(header, Qt::ElideRight, f.rect.width() * 0.8));
        p.setFont(bigFont);
        p.setPen(QColor(0x2f, 0x6d, 0xb5));
        const QString times = QStringLiteral("× %1").arg(f.stack->layers);
        p.drawText(QRectF(f.rect.right() - kFramePad - bm.horizontalAdvance(times), f.rect.top() + 2,
                          bm.horizontalAdvance(times), lineHeight(bm)),
                   Qt::AlignRight, times);
    }
    for (const Placed &b : l.blocks)
        paintBlock(p, b);
    p.setFont(titleFont);
    for (const QPointF &c : l.adds) {
        p.setPen(QPen(QColor(0x2f, 0x6d, 0xb5), 2));
        p.setBrush(Qt::white);
        p.drawEllipse(c, 9, 9);
        p.drawLine(c + QPointF(-5, 0), c + QPointF(5, 0));
        p.drawLine(c + QPointF(0, -5), c + QPointF(0, 5));
        p.setFont(scaled(font(), 1.0));
        p.drawText(QPointF(c.x() + 16, c.y() + 5), tr("residual add"));
    }
    p.restore();
}

void ArchitectureDiagram::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    render(p, rect());
}

bool ArchitectureDiagram::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        for (const Placed &b : placedBlocks())
            if (b.rect.contains(help->pos())) {
                QToolTip::showText(help->globalPos(),
                                   QStringLiteral("<b>%1</b><br>%2").arg(b.block->title.toHtmlEscaped(),
                                                                        b.block->formula.toHtmlEscaped()),
                                   this, b.rect.toRect());
                return true;
            }
        QToolTip::hideText();
        event->ignore();
        return true;
    }
    return QWidget::event(event);
}

} // namespace tx
