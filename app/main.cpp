#include "commands.h"
#include "mainwindow.h"

#include <QApplication>
#include <QCoreApplication>
#include <QTextStream>

#include <functional>
#include <map>

namespace {

const std::map<QString, std::function<int(QStringList)>> &commands()
{
    static const std::map<QString, std::function<int(QStringList)>> table = {
        {QStringLiteral("presets"), tx::runPresetsCommand},
        {QStringLiteral("size"), tx::runSizeCommand},
        {QStringLiteral("run"), tx::runRunCommand},
        {QStringLiteral("train"), tx::runTrainCommand},
    };
    return table;
}

void printUsage(QTextStream &out)
{
    out << "Usage: transformer-explorer [COMMAND] [OPTIONS]\n"
           "Without a command, opens the window.\n\n"
           "Commands:\n"
           "  presets                       list the built-in presets\n"
           "  size (--preset NAME | --config FILE | --hf-config FILE) [--set key=value ...]\n"
           "       [--format table|json]    parameter breakdown\n"
           "  run --model DIR|FILE (--text TEXT | --tokens 1,2,3) [--dump FILE] [--top-k K]\n"
           "  run (--preset NAME | --config FILE | --hf-config FILE) [--set key=value ...] [--scale-down]\n"
           "      [--seed N] [--max-weights-mb MB] (--text TEXT | --tokens ...)\n"
           "                                run a small model: top-k next tokens, or logits and attention as JSON\n"
           "  train --task copy|reverse|sort|induction|chars [--corpus NAME|FILE | --text TEXT]\n"
           "       [--preset NAME | design flags] [--attention-only] --steps N [--batch B --lr X --seed S]\n"
           "       --out DIR [--format text|json]\n"
           "                                train a small model (README \"Training\")\n"
           "Bad input exits with code 2 and one line on stderr.\n";
}

} // namespace

int main(int argc, char *argv[])
{
    if (argc > 1) {
        const QString name = QString::fromLocal8Bit(argv[1]);
        if (name == QLatin1String("--help") || name == QLatin1String("-h") || name == QLatin1String("help")) {
            QCoreApplication app(argc, argv);
            QTextStream out(stdout);
            printUsage(out);
            return 0;
        }
        const auto it = commands().find(name);
        if (it != commands().end()) {
            QCoreApplication app(argc, argv);
            QCoreApplication::setApplicationName(QStringLiteral("Transformer Explorer"));
            QStringList args = QCoreApplication::arguments().mid(2);
            return it->second(args);
        }
        if (!name.startsWith(QLatin1Char('-'))) {
            QCoreApplication app(argc, argv);
            QTextStream(stderr) << "transformer-explorer: unknown command \"" << name
                                << "\" (try --help)\n";
            return 2;
        }
    }

    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("Transformer Explorer"));
    QApplication::setOrganizationName(QStringLiteral("TransformerExplorer"));
    QApplication::setApplicationVersion(QStringLiteral(TX_VERSION));
    tx::MainWindow window;
    window.resize(1600, 1000);
    window.show();
    return app.exec();
}
