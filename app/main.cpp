#include "commands.h"
#include "mainwindow.h"
#include "theme.h"

#include <QApplication>
#include <QCommandLineParser>
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
        {QStringLiteral("train"), tx::runTrainCommand},
        {QStringLiteral("run"), tx::runRunCommand},
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
           "       [--format table|json]    parameters, memory, compute, cost and scaling\n"
           "       [--precision P] [--kv-precision P] [--batch N] [--seq N] [--tokens D]\n"
           "       [--optimizer adamw|adamw-mixed|sgd|adam8bit|adafactor] [--recompute none|selective|full]\n"
           "       [--flash] [--zero 0-3] [--tp N] [--device ID] [--devices N] [--hardware FILE]\n"
           "       [--mfu F] [--price USD] [--law chinchilla|epoch|kaplan] [--explain]\n"
           "  train --task copy|reverse|sort|induction|chars [--corpus NAME|FILE | --text TEXT]\n"
           "       [--preset NAME | design flags] [--attention-only] --steps N [--batch B --lr X --seed S]\n"
           "       --out DIR [--format text|json]\n"
           "                                train a small model (README \"Training\")\n"
           "  run --model DIR|FILE (--text TEXT | --tokens 1,2,3) [--dump FILE] [--top-k K]\n"
           "  run (--preset NAME | --config FILE | --hf-config FILE) [--set key=value ...] [--scale-down]\n"
           "      [--seed N] [--max-weights-mb MB] (--text TEXT | --tokens ...)\n"
           "                                run a small model: top-k next tokens, or logits and attention as JSON\n"
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
    tx::Theme::applyFont(app);
    tx::Theme::applyPalette(app, tx::Theme::Mode::Light);

    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate("main", "Transformer Explorer window"));
    parser.addHelpOption();
    const QCommandLineOption presetOption(QStringLiteral("preset"),
                                          QCoreApplication::translate("main", "Start from a built-in preset."),
                                          QStringLiteral("name"));
    const QCommandLineOption designOption(QStringLiteral("design"),
                                          QCoreApplication::translate("main", "Open a design file."),
                                          QStringLiteral("file"));
    const QCommandLineOption freshOption(QStringLiteral("fresh"),
                                         QCoreApplication::translate("main", "Ignore the saved window layout and last design."));
    parser.addOptions({presetOption, designOption, freshOption});
    parser.process(app);

    tx::MainWindow window;
    window.resize(1600, 1000);
    if (!parser.isSet(freshOption))
        window.restoreSession();
    if (parser.isSet(presetOption) && !window.loadPreset(parser.value(presetOption))) {
        QTextStream(stderr) << "transformer-explorer: --preset: unknown preset \"" << parser.value(presetOption)
                            << "\" (see: transformer-explorer presets)\n";
        return 2;
    }
    if (parser.isSet(designOption) && !window.openFile(parser.value(designOption)))
        return 2;
    window.show();
    return app.exec();
}
