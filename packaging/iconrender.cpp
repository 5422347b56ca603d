// Build-time tool: renders the application's SVG icon to the PNG sizes of the hicolor theme.
// iconrender ICON.svg OUTDIR SIZE... writes OUTDIR/SIZExSIZE.png for each size.
#include <QCoreApplication>
#include <QDir>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>
#include <QTextStream>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    QTextStream err(stderr);
    if (args.size() < 4) {
        err << "usage: iconrender ICON.svg OUTDIR SIZE...\n";
        return 2;
    }
    QSvgRenderer svg(args.at(1));
    if (!svg.isValid()) {
        err << args.at(1) << ": not a valid SVG\n";
        return 2;
    }
    QDir().mkpath(args.at(2));
    for (qsizetype i = 3; i < args.size(); ++i) {
        bool ok = false;
        const int size = args.at(i).toInt(&ok);
        if (!ok || size < 8 || size > 1024) {
            err << "iconrender: size \"" << args.at(i) << "\": expected 8 to 1024 pixels\n";
            return 2;
        }
        QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        svg.render(&painter);
        painter.end();
        const QString path = QStringLiteral("%1/%2x%2.png").arg(args.at(2)).arg(size);
        if (!image.save(path)) {
            err << path << ": could not be written\n";
            return 2;
        }
    }
    return 0;
}
