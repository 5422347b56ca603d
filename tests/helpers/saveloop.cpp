// tx_save_loop PATH [--unsafe]: saves two large designs to PATH in turn, forever, printing
// "saved N" after each, until it is killed (tests/core/tst_atomicsave.cpp kills it with SIGKILL).
// The designs are the ones atomicSaveDesign() makes, so the test knows both versions exactly.
// --unsafe writes with a plain truncating QFile instead of DesignFile::save, to show the test
// would see a torn file if saves were not atomic.
#include "core/design/designfile.h"
#include "tests/helpers/atomicsavedesigns.h"

#include <QCoreApplication>
#include <QFile>
#include <QTextStream>

#include <cstdio>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 2)
        return 2;
    const QString path = args.at(1);
    const bool unsafe = args.contains(QStringLiteral("--unsafe"));
    const tx::ModelConfig designs[] = {tx::atomicSaveDesign(0), tx::atomicSaveDesign(1)};
    for (long n = 0;; ++n) {
        const tx::ModelConfig &d = designs[n % 2];
        if (unsafe) {
            QFile f(path);
            if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
                return 1;
            const QByteArray bytes = tx::DesignFile::serialize(d);
            // In pieces, as a large write goes to the disk.
            for (qsizetype at = 0; at < bytes.size(); at += 64 * 1024)
                f.write(bytes.constData() + at, std::min<qsizetype>(64 * 1024, bytes.size() - at));
        } else if (auto e = tx::DesignFile::save(d, path)) {
            std::fprintf(stderr, "%s\n", qPrintable(e->toString()));
            return 1;
        }
        std::printf("saved %ld\n", n);
        std::fflush(stdout);
    }
}
