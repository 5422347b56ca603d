#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <QTest>

// The module rules of README "Architecture", checked on every #include of every source file.
// A broken rule fails with the file, the line and the rule, e.g.
//   core/nn/transformer.cpp:3: core/nn includes core/train/trainer.h: ...
// Inputs (compile definitions from tests/CMakeLists.txt):
//   TX_SOURCE_DIR   the repository root;
//   TX_MODULES      "core/nn=core/base,core/design|ui/lab=…": each module and the modules its
//                   tx_add_module(… DEPENDS …) names (cmake/TxModule.cmake);
//   TX_QT_HEADERS   the Qt include folder (…/qt6), to tell a QtGui header from a QtCore one.
class TestDependencies : public QObject
{
    Q_OBJECT

    struct Include
    {
        QString file; // from the repository root
        int line = 0; // 1-based
        QString header;
        bool angled = false;
    };

    QString m_root = QStringLiteral(TX_SOURCE_DIR);
    QHash<QString, QSet<QString>> m_allowed; // module -> itself and every module it may include
    QList<Include> m_includes;
    QStringList m_violations;

    static QString moduleOf(const QString &path)
    {
        const QStringList parts = path.split(QLatin1Char('/'));
        if (parts.size() >= 3 && (parts[0] == QLatin1String("core") || parts[0] == QLatin1String("ui")
                                  || (parts[0] == QLatin1String("tests") && parts[1] == QLatin1String("support"))))
            return parts[0] + QLatin1Char('/') + parts[1];
        return parts.value(0); // app, tests, bench
    }

    void violation(const Include &inc, const QString &rule)
    {
        m_violations << QStringLiteral("%1:%2: %3 includes %4: %5")
                            .arg(inc.file)
                            .arg(inc.line)
                            .arg(moduleOf(inc.file), inc.header, rule);
    }

    // Qt headers of the modules core must not use (Gui, Widgets, Charts, Svg, PrintSupport, …):
    // every Qt header that is not in QtCore, by its include name ("QColor", "QtGui/QColor").
    bool isGuiQtHeader(const QString &header) const
    {
        static const QStringList guiModules = {QStringLiteral("QtGui"),    QStringLiteral("QtWidgets"),
                                               QStringLiteral("QtCharts"), QStringLiteral("QtSvg"),
                                               QStringLiteral("QtPrintSupport"), QStringLiteral("QtOpenGL")};
        const QString qtDir = QStringLiteral(TX_QT_HEADERS);
        for (const QString &m : guiModules) {
            if (header.startsWith(m + QLatin1Char('/')) || header == m)
                return true;
            if (!header.contains(QLatin1Char('/')) && QFileInfo::exists(qtDir + QLatin1Char('/') + m + QLatin1Char('/') + header)
                && !QFileInfo::exists(qtDir + QStringLiteral("/QtCore/") + header))
                return true;
        }
        return false;
    }

private slots:
    void initTestCase()
    {
        // The declared modules and their transitive closure.
        QHash<QString, QStringList> declared;
        for (const QString &entry : QStringLiteral(TX_MODULES).split(QLatin1Char('|'), Qt::SkipEmptyParts)) {
            const QString name = entry.section(QLatin1Char('='), 0, 0);
            declared[name] = entry.section(QLatin1Char('='), 1).split(QLatin1Char(','), Qt::SkipEmptyParts);
        }
        QVERIFY2(declared.contains(QStringLiteral("core/nn")), "TX_MODULES lists no core/nn");
        for (auto it = declared.cbegin(); it != declared.cend(); ++it) {
            QSet<QString> seen{it.key()};
            QStringList todo = it.value();
            while (!todo.isEmpty()) {
                const QString m = todo.takeLast();
                if (seen.contains(m))
                    continue;
                seen.insert(m);
                todo += declared.value(m);
            }
            m_allowed[it.key()] = seen;
        }

        static const QRegularExpression includeLine(QStringLiteral("^\\s*#\\s*include\\s*([<\"])([^>\"]+)[>\"]"));
        for (const QString &top : {QStringLiteral("core"), QStringLiteral("ui"), QStringLiteral("app"),
                                   QStringLiteral("tests"), QStringLiteral("bench"), QStringLiteral("fuzz")}) {
            QDirIterator it(m_root + QLatin1Char('/') + top, {QStringLiteral("*.h"), QStringLiteral("*.cpp")},
                            QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                const QString rel = QDir(m_root).relativeFilePath(path);
                if (rel.startsWith(QLatin1String("tests/data/")))
                    continue;
                QFile f(path);
                QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(path));
                int n = 0;
                while (!f.atEnd()) {
                    const QString line = QString::fromUtf8(f.readLine());
                    ++n;
                    const auto m = includeLine.match(line);
                    if (m.hasMatch())
                        m_includes.append({rel, n, m.captured(2), m.captured(1) == QLatin1String("<")});
                }
            }
        }
        QVERIFY2(m_includes.size() > 500, "found too few #include lines: is TX_SOURCE_DIR right?");
    }

    void init() { m_violations.clear(); }

    void cleanup()
    {
        for (const QString &v : std::as_const(m_violations))
            qWarning().noquote() << v;
    }

    // A project header is named by its path from the repository root, so the rules below see it.
    void projectHeadersByRootPath()
    {
        for (const Include &inc : std::as_const(m_includes)) {
            if (inc.angled || inc.header.endsWith(QLatin1String(".moc")))
                continue;
            const bool rootPath = QFileInfo::exists(m_root + QLatin1Char('/') + inc.header);
            const bool besideIt = QFileInfo::exists(QFileInfo(m_root + QLatin1Char('/') + inc.file).path()
                                                    + QLatin1Char('/') + inc.header);
            const QString top = inc.file.section(QLatin1Char('/'), 0, 0);
            if (!rootPath && !(besideIt && (top == QLatin1String("app") || top == QLatin1String("tests"))))
                violation(inc, QStringLiteral("name project headers by their path from the repository root "
                                              "(\"core/design/modelconfig.h\")"));
        }
        QVERIFY2(m_violations.isEmpty(), qPrintable(m_violations.join(QLatin1Char('\n'))));
    }

    // Each module includes only itself and the modules its tx_add_module(… DEPENDS …) names,
    // directly or through them.
    void modulesIncludeOnlyTheirDependencies()
    {
        for (const Include &inc : std::as_const(m_includes)) {
            if (inc.angled)
                continue;
            const QString from = moduleOf(inc.file);
            const QString to = moduleOf(inc.header);
            if (!m_allowed.contains(from) || !m_allowed.contains(to))
                continue; // app, tests and bench may use every module
            if (!m_allowed[from].contains(to))
                violation(inc, QStringLiteral("%1 is not among its dependencies (tx_add_module(%2 DEPENDS …))")
                                   .arg(to, from));
        }
        QVERIFY2(m_violations.isEmpty(), qPrintable(m_violations.join(QLatin1Char('\n'))));
    }

    void coreHasNoGui()
    {
        for (const Include &inc : std::as_const(m_includes)) {
            if (!inc.file.startsWith(QLatin1String("core/")) && !inc.file.startsWith(QLatin1String("tests/core/")))
                continue;
            if (!inc.angled && inc.header.startsWith(QLatin1String("ui/")))
                violation(inc, QStringLiteral("core never includes ui"));
            if (inc.angled && isGuiQtHeader(inc.header))
                violation(inc, QStringLiteral("core uses Qt Core only (no Gui, Widgets or Charts)"));
        }
        QVERIFY2(m_violations.isEmpty(), qPrintable(m_violations.join(QLatin1Char('\n'))));
    }

    void engineKnowsNoEstimatesOrTraining()
    {
        for (const Include &inc : std::as_const(m_includes)) {
            if (moduleOf(inc.file) == QLatin1String("core/nn")
                && (inc.header.startsWith(QLatin1String("core/estimate/"))
                    || inc.header.startsWith(QLatin1String("core/train/"))))
                violation(inc, QStringLiteral("the inference engine never includes estimate or train"));
        }
        QVERIFY2(m_violations.isEmpty(), qPrintable(m_violations.join(QLatin1Char('\n'))));
    }

    // Pages draw snapshots; only ui/design edits the design.
    void pagesNeverTouchDesignState()
    {
        static const QRegularExpression word(QStringLiteral("\\bDesignState\\b"));
        for (const Include &inc : std::as_const(m_includes)) {
            if (moduleOf(inc.file) == QLatin1String("ui/pages") && inc.header.startsWith(QLatin1String("ui/design/")))
                violation(inc, QStringLiteral("ui/pages never touches DesignState (pages receive a DesignSnapshot)"));
        }
        QDirIterator it(m_root + QStringLiteral("/ui/pages"), {QStringLiteral("*.h"), QStringLiteral("*.cpp")}, QDir::Files);
        while (it.hasNext()) {
            QFile f(it.next());
            QVERIFY(f.open(QIODevice::ReadOnly));
            int n = 0;
            while (!f.atEnd()) {
                const QString line = QString::fromUtf8(f.readLine());
                ++n;
                if (word.match(line).hasMatch() && !line.trimmed().startsWith(QLatin1String("//")))
                    violation({QDir(m_root).relativeFilePath(f.fileName()), n, QStringLiteral("DesignState"), false},
                              QStringLiteral("ui/pages never touches DesignState (pages receive a DesignSnapshot)"));
            }
        }
        QVERIFY2(m_violations.isEmpty(), qPrintable(m_violations.join(QLatin1Char('\n'))));
    }

    void labNeverIncludesDesign()
    {
        for (const Include &inc : std::as_const(m_includes)) {
            if (moduleOf(inc.file) == QLatin1String("ui/lab") && inc.header.startsWith(QLatin1String("ui/design/")))
                violation(inc, QStringLiteral("ui/lab never includes ui/design"));
        }
        QVERIFY2(m_violations.isEmpty(), qPrintable(m_violations.join(QLatin1Char('\n'))));
    }

    // The shell assembles the window; only the executable (and tests of the window) include it.
    void nothingIncludesTheShell()
    {
        for (const Include &inc : std::as_const(m_includes)) {
            const QString from = moduleOf(inc.file);
            if (inc.header.startsWith(QLatin1String("ui/shell/")) && from != QLatin1String("ui/shell")
                && from != QLatin1String("app") && from != QLatin1String("tests") && from != QLatin1String("bench"))
                violation(inc, QStringLiteral("nothing includes ui/shell except app/"));
        }
        QVERIFY2(m_violations.isEmpty(), qPrintable(m_violations.join(QLatin1Char('\n'))));
    }
};

QTEST_APPLESS_MAIN(TestDependencies)
#include "tst_dependencies.moc"
