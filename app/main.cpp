#include "commands.h"
#include "core/design/designfile.h"
#include "core/lessons/lessonlibrary.h"
#include "core/nn/blaskernels.h"
#include "startupprobe.h"
#include "testactions.h"
#include "ui/shell/languagemanager.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/presentationmode.h"
#include "ui/widgets/theme.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QIcon>
#include <QTextStream>
#include <QTimer>

#include <functional>
#include <map>

namespace {

const std::map<QString, std::function<int(QStringList)>> &commands()
{
    static const std::map<QString, std::function<int(QStringList)>> table = {
        {QStringLiteral("presets"), tx::runPresetsCommand},
        {QStringLiteral("size"), tx::runSizeCommand},
        {QStringLiteral("report"), tx::runReportCommand},
        {QStringLiteral("chart"), tx::runChartCommand},
        {QStringLiteral("sweep"), tx::runSweepCommand},
        {QStringLiteral("run"), tx::runRunCommand},
        {QStringLiteral("train"), tx::runTrainCommand},
        {QStringLiteral("export"), tx::runExportCommand},
        {QStringLiteral("solve"), tx::runSolveCommand},
        {QStringLiteral("inspect"), tx::runInspectCommand},
        {QStringLiteral("whatif"), tx::runWhatIfCommand},
        {QStringLiteral("calibrate"), tx::runCalibrateCommand},
        {QStringLiteral("checkpoint"), tx::runCheckpointCommand},
    };
    return table;
}

// Commands that draw charts (QtCharts needs a QApplication, offscreen when headless).
bool needsGui(const QString &name)
{
    return name == QLatin1String("report") || name == QLatin1String("chart");
}

void printUsage(QTextStream &out)
{
    out << "Usage: transformer-explorer [COMMAND] [OPTIONS]\n"
           "Design Transformer models: exact parameter counts, memory, compute, cost and scaling laws.\n\n"
           "Without a command, opens the window:\n"
           "  transformer-explorer [--preset NAME] [--design FILE] [--fresh]\n"
           "                       [--language en|zh_CN] [--present] [--lesson 1-6] [--model PATH]\n\n"
           "Commands:\n"
           "  presets                       list the built-in presets\n"
           "  size (--preset NAME | --config FILE | --hf-config FILE | --model PATH) [--set key=value ...]\n"
           "       [--format table|json]    parameters, memory, compute, cost and scaling\n"
           "       [--precision P] [--kv-precision P] [--batch N] [--seq N] [--tokens D]\n"
           "       [--optimizer adamw|adamw-mixed|sgd|adam8bit|adafactor] [--recompute none|selective|full]\n"
           "       [--flash] [--zero 0-3] [--tp N] [--device ID] [--devices N] [--hardware FILE]\n"
           "       [--mfu F] [--price USD] [--law chinchilla|epoch|kaplan] [--explain]\n"
           "       [--output-tokens N] [--utilisation F]  serving: output tokens of each --seq, busy fraction\n"
           "  report DESIGN [estimate flags] [--compare NAME|FILE] --out FILE.pdf|.html|.md\n"
           "                                design report\n"
           "  chart --chart params|memory|compute|scaling DESIGN [estimate flags]\n"
           "       [--width PX --height PX --dpi N] --out FILE.png|.svg|.pdf\n"
           "  sweep --vary KEY --from X --to Y --steps N [--log] [--multiple M] DESIGN\n"
           "       [estimate flags] --out FILE.csv   one CSV row per point\n"
           "  run --model DIR|FILE (--text TEXT | --tokens 1,2,3) [--dump FILE] [--top-k K]\n"
           "  run (--preset NAME | --config FILE | --hf-config FILE) [--set key=value ...] [--scale-down]\n"
           "      [--seed N] [--max-weights-mb MB] (--text TEXT | --tokens ...)\n"
           "      [--generate N [--temperature T] [--top-k K] [--top-p P] [--sample-seed S]]\n"
           "                                run a small model: top-k next tokens, or logits and attention as JSON\n"
           "  train --task copy|reverse|sort|induction|chars [--corpus NAME|FILE | --text TEXT]\n"
           "       [--preset NAME | design flags] [--attention-only] --steps N [--batch B --lr X --seed S]\n"
           "       [--min-count N] [--threads N] [--hash-at STEP,...] --out DIR [--format text|json]\n"
           "                                train a small model (README \"Training\")\n"
           "  export --hf-config OUT/config.json (DESIGN_FILE | --preset NAME) [--set key=value ...]\n"
           "                                write the design as a Hugging Face config.json\n"
           "  solve context|batch DESIGN [estimate flags] [--beyond-trained-context] [--format text|json]\n"
           "                                longest context (or largest batch, at --seq) that fits the device(s),\n"
           "                                within the design's trained context unless asked beyond it\n"
           "  solve largest --family PRESET [--aspect R] [--for inference|training] [estimate flags]\n"
           "  solve shape --params N [--family PRESET] [--aspect R]\n"
           "  solve device DESIGN --tokens-per-second X [--users U] [--price-kind rental|purchase] [estimate flags]\n"
           "                                cheapest device and count, money per hour and per million tokens,\n"
           "                                among cloud rental prices (default) or purchase prices over 3 years\n"
           "  inspect PATH [--format table|json] [--layers] [--tensors]\n"
           "                                a checkpoint read from its headers: safetensors (a file, a sharded\n"
           "                                folder, a Hugging Face cache entry) or GGUF; counts, bytes, formats,\n"
           "                                the design and where it disagrees with the file\n"
           "  checkpoint PATH [--save DIR [--dtype keep|f32|f16|bf16] [--dequantise]] [--max-weights-mb MB]\n"
           "       [--format text|json]    load a Hugging Face checkpoint into the engine: model type, parameters,\n"
           "                                weights SHA-256, how it is stored; --save writes it back (quantised\n"
           "                                tensors as loaded, floats at the source's dtype unless --dtype)\n"
           "  whatif finetune|factorise|prune|distil|pipeline|guide|vocabulary DESIGN [estimate flags] [knobs]\n"
           "       [--format text|json]    before → after with the formulas (README \"What if…\")\n"
           "       finetune: [--method full|lora|qlora] [--rank R] [--alpha A] [--dropout P]\n"
           "                 [--targets q,k,v,o,gate,up,down,experts,embeddings,head|all-linear]\n"
           "                 [--no-checkpointing] [--no-paged] (--seq, --batch: sequence, micro-batch)\n"
           "       factorise: [--method low-rank|tucker] [--groups attention,ffn,embeddings,head] [--rank R | --keep F]\n"
           "       prune: [--heads N] [--layers N]   distil: [--fraction F | --student-device ID] [--student-tokens D]\n"
           "       pipeline: [--pretrain-tokens D] [--sft-tokens D] [--preference-tokens D] [--preference ppo|dpo]\n"
           "       guide: [--jump PRESET]   vocabulary: [--corpus NAME|FILE] [--sizes 256,512,...] [--apply-size V]\n"
           "  calibrate DESIGN [--batch B] [--seq T] [--generate G] [--repeats N] [--max-weights-mb MB]\n"
           "       [--format text|json]    run the design (scaled down) in the engine on this CPU: forward,\n"
           "                                training step and decode, time and memory beside the estimator's\n"
           "                                prediction for the same shape, with the error\n"
           "  --version                     print the version\n"
           "  --help                        print this text\n"
           "Bad input exits with code 2 and one line on stderr.\n";
}

} // namespace

int main(int argc, char *argv[])
{
    // First, before any thread runs a product (core/nn/blaskernels.h).
    tx::ops::BlasKernels::ensure();
    if (argc > 1) {
        const QString name = QString::fromLocal8Bit(argv[1]);
        if (name == QLatin1String("--help") || name == QLatin1String("-h") || name == QLatin1String("help")) {
            QCoreApplication app(argc, argv);
            QTextStream out(stdout);
            printUsage(out);
            return 0;
        }
        if (name == QLatin1String("--version") || name == QLatin1String("-v")) {
            QTextStream(stdout) << "transformer-explorer " << TX_VERSION << '\n';
            return 0;
        }
        const auto it = commands().find(name);
        if (it != commands().end() && needsGui(name)) {
            // Charts are QGraphicsWidgets and need a QApplication; without a display, draw offscreen.
            if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY")
                && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY"))
                qputenv("QT_QPA_PLATFORM", "offscreen");
            // Headless commands keep stderr to their one line: Qt's note about a missing
            // XDG_RUNTIME_DIR (it falls back to a private directory) is not the user's concern.
            static const QtMessageHandler previous = qInstallMessageHandler(nullptr);
            qInstallMessageHandler([](QtMsgType type, const QMessageLogContext &context, const QString &message) {
                if (type != QtWarningMsg || !message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR")))
                    previous(type, context, message);
            });
            QApplication app(argc, argv);
            QApplication::setApplicationName(QStringLiteral("Transformer Explorer"));
            QApplication::setApplicationVersion(QStringLiteral(TX_VERSION));
            tx::Theme::applyFont(app);
            // Reports and charts follow the system language (LANG/LC_ALL), as the window does.
            tx::LanguageManager language;
            language.setLanguage(QString());
            QStringList args = QCoreApplication::arguments().mid(2);
            return it->second(args);
        }
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
    // The installed .desktop entry's name (packaging/), so a Wayland shell matches window and entry.
    QGuiApplication::setDesktopFileName(QStringLiteral("org.transformerexplorer.TransformerExplorer"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/transformer-explorer.svg")));
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
    const QCommandLineOption languageOption(QStringLiteral("language"),
                                            QCoreApplication::translate("main", "Window language: en or zh_CN (default: the system's)."),
                                            QStringLiteral("code"));
    const QCommandLineOption presentOption(QStringLiteral("present"),
                                           QCoreApplication::translate("main", "Start in presentation mode (F11)."));
    const QCommandLineOption lessonOption(QStringLiteral("lesson"),
                                          QCoreApplication::translate("main", "Open guided lesson N (1-6) at step 1."),
                                          QStringLiteral("N"));
    const QCommandLineOption modelOption(QStringLiteral("model"),
                                         QCoreApplication::translate("main", "Open a model file or folder (safetensors, GGUF) on the Model page."),
                                         QStringLiteral("path"));
    parser.addOptions({presetOption, designOption, freshOption, languageOption, presentOption, lessonOption, modelOption});
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
    if (parser.isSet(designOption)) {
        // A bad file still opens the window (launched from a file manager, exiting would look
        // like nothing happened): its error goes to stderr for a terminal, and to a dialog over
        // the window, which keeps the last or default design.
        const QString path = parser.value(designOption);
        if (const auto design = tx::DesignFile::load(path); !design)
            QTextStream(stderr) << design.error().toString() << '\n';
        QTimer::singleShot(0, &window, [&window, path] { window.openFile(path); });
    }
    if (parser.isSet(languageOption)) {
        const QString code = parser.value(languageOption);
        if (!tx::LanguageManager::available().contains(code)) {
            QTextStream(stderr) << "transformer-explorer: --language: expected one of "
                                << tx::LanguageManager::available().join(QStringLiteral(", ")) << ", got \"" << code << "\"\n";
            return 2;
        }
        window.setLanguage(code);
    }
    int lesson = -1;
    if (parser.isSet(lessonOption)) {
        bool ok = false;
        const int n = parser.value(lessonOption).toInt(&ok);
        if (!ok || n < 1 || n > int(tx::LessonLibrary::builtIn().lessons().size())) {
            QTextStream(stderr) << "transformer-explorer: --lesson: expected 1 to "
                                << tx::LessonLibrary::builtIn().lessons().size() << ", got \""
                                << parser.value(lessonOption) << "\"\n";
            return 2;
        }
        lesson = n - 1;
    }
    if (parser.isSet(modelOption))
        window.openModel(parser.value(modelOption));
    if (tx::StartupProbe::requested())
        new tx::StartupProbe(&window);
    if (tx::TestActions::requested())
        new tx::TestActions(&window);
    window.show();
    // After show(): a tabified dock can only be raised once the window exists on screen.
    if (lesson >= 0)
        window.startLesson(lesson);
    if (parser.isSet(presentOption))
        window.presentation()->setActive(true);
    return app.exec();
}
