// What the Debian package installs, as a desktop and a package manager read it: the .desktop entry
// (English and Simplified Chinese), the AppStream metainfo, the icon PNGs at their pixel sizes, the
// man page generated from --help, and --version. The validators are Debian's own
// (desktop-file-utils, appstream), installed by scripts/setup.sh.
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QtEndian>
#include <QtTest>

namespace {

const QString kAppId = QStringLiteral("org.transformerexplorer.TransformerExplorer");

QString packagingFile(const QString &name)
{
    return QStringLiteral(TX_SOURCE_DIR "/packaging/") + name;
}

struct Output
{
    int exitCode = -1;
    QString text; // stdout and stderr together
};

Output runTool(const QString &program, const QStringList &args)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(program, args);
    Output o;
    if (!p.waitForStarted(10'000) || !p.waitForFinished(60'000)) {
        o.text = program + QStringLiteral(": did not run (") + p.errorString() + QLatin1Char(')');
        return o;
    }
    o.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    o.text = QString::fromUtf8(p.readAll());
    return o;
}

// The desktop entry's keys of group [Desktop Entry], key[locale] kept as written.
QHash<QString, QString> desktopKeys()
{
    QFile f(packagingFile(kAppId + QStringLiteral(".desktop")));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QHash<QString, QString> keys;
    for (const QString &line : QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'))) {
        const qsizetype eq = line.indexOf(QLatin1Char('='));
        if (eq > 0 && !line.startsWith(QLatin1Char('#')))
            keys.insert(line.left(eq), line.mid(eq + 1));
    }
    return keys;
}

// Width and height from a PNG's IHDR chunk (PNG spec 11.2.2: bytes 16-23, big-endian).
QSize pngSize(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray head = f.read(24);
    if (head.size() < 24 || !head.startsWith("\x89PNG\r\n\x1a\n") || head.mid(12, 4) != "IHDR")
        return {};
    return QSize(int(qFromBigEndian<quint32>(head.constData() + 16)),
                 int(qFromBigEndian<quint32>(head.constData() + 20)));
}

} // namespace

class TestPackaging : public QObject
{
    Q_OBJECT

private slots:
    void desktopEntryNamesTheProgramInBothLanguages()
    {
        const auto keys = desktopKeys();
        QCOMPARE(keys.value(QStringLiteral("Name")), QStringLiteral("Transformer Explorer"));
        QCOMPARE(keys.value(QStringLiteral("GenericName")), QStringLiteral("Transformer Model Designer"));
        QCOMPARE(keys.value(QStringLiteral("GenericName[zh_CN]")), QStringLiteral("Transformer 模型设计器"));
        QVERIFY(keys.contains(QStringLiteral("Name[zh_CN]")));
        QVERIFY(keys.value(QStringLiteral("Comment")).startsWith(QStringLiteral("Design Transformer models")));
        QVERIFY(keys.value(QStringLiteral("Comment[zh_CN]")).startsWith(QStringLiteral("设计 Transformer 模型")));
        QCOMPARE(keys.value(QStringLiteral("Categories")), QStringLiteral("Education;Science;Development;"));
        QCOMPARE(keys.value(QStringLiteral("Exec")), QStringLiteral("transformer-explorer"));
        QCOMPARE(keys.value(QStringLiteral("Icon")), kAppId);
    }

    void desktopFileValidateAcceptsTheEntry()
    {
        const Output o = runTool(QStringLiteral("desktop-file-validate"),
                                 {packagingFile(kAppId + QStringLiteral(".desktop"))});
        QVERIFY2(o.exitCode == 0, qPrintable(o.text));
        QVERIFY2(!o.text.contains(QStringLiteral("error:")), qPrintable(o.text));
    }

    void appstreamValidatesTheMetainfo()
    {
        const QString path = packagingFile(kAppId + QStringLiteral(".metainfo.xml"));
        const Output o = runTool(QStringLiteral("appstreamcli"), {QStringLiteral("validate"), QStringLiteral("--no-net"), path});
        QVERIFY2(o.exitCode == 0, qPrintable(o.text));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString xml = QString::fromUtf8(f.readAll());
        QVERIFY(xml.contains(QStringLiteral("<caption>Llama 2 7B: parameters per component, memory, compute and cost, live</caption>")));
        QVERIFY(xml.contains(QStringLiteral("<launchable type=\"desktop-id\">") + kAppId + QStringLiteral(".desktop</launchable>")));
    }

    void iconsAreRenderedAtEveryThemeSize_data()
    {
        QTest::addColumn<int>("pixels");
        for (int size : {16, 22, 24, 32, 48, 64, 128, 256, 512})
            QTest::addRow("%dpx", size) << size;
    }

    void iconsAreRenderedAtEveryThemeSize()
    {
        QFETCH(int, pixels);
        const QString path = QStringLiteral(TX_BUILD_DIR "/packaging/icons/%1x%1.png").arg(pixels);
        QCOMPARE(pngSize(path), QSize(pixels, pixels));
    }

    void manPageComesFromHelp()
    {
        QFile f(QStringLiteral(TX_BUILD_DIR "/packaging/transformer-explorer.1.gz"));
        QVERIFY2(f.exists(), "the man page is generated at build time");
        const Output man = runTool(QStringLiteral("gzip"), {QStringLiteral("-dc"), f.fileName()});
        QCOMPARE(man.exitCode, 0);
        QVERIFY(man.text.contains(QStringLiteral(".TH TRANSFORMER-EXPLORER \"1\"")));
        const Output help = runTool(QStringLiteral(TX_APP_PATH), {QStringLiteral("--help")});
        QCOMPARE(help.exitCode, 0);
        // Every command the help lists is in the man page (help2man escapes '-' as '\-').
        const QRegularExpression command(QStringLiteral("^  ([a-z]+) "), QRegularExpression::MultilineOption);
        QSet<QString> commands;
        for (auto it = command.globalMatch(help.text); it.hasNext();) {
            const QString name = it.next().captured(1);
            commands.insert(name);
            QVERIFY2(man.text.contains(QLatin1Char('\n') + name), qPrintable(name));
        }
        const QSet<QString> expected{QStringLiteral("presets"), QStringLiteral("size"), QStringLiteral("report"),
                                     QStringLiteral("chart"),   QStringLiteral("sweep"), QStringLiteral("run"),
                                     QStringLiteral("train"),   QStringLiteral("export"), QStringLiteral("solve"),
                                     QStringLiteral("inspect"), QStringLiteral("whatif"), QStringLiteral("calibrate"),
                                     QStringLiteral("checkpoint")};
        QCOMPARE(commands, expected);
    }

    void versionIsPrinted()
    {
        const Output o = runTool(QStringLiteral(TX_APP_PATH), {QStringLiteral("--version")});
        QCOMPARE(o.exitCode, 0);
        QCOMPARE(o.text, QStringLiteral("transformer-explorer " TX_VERSION "\n"));
    }
};

QTEST_APPLESS_MAIN(TestPackaging)
#include "tst_packaging.moc"
