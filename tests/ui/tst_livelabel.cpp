// LiveLabel: the text that changes on every slider tick. What a user sees (the number, a
// raised exponent, the whole text of a clipped line) and the promise that made the window
// fast: a new number repaints its label and does not re-lay out the main window.
#include "ui/design/designcontrols.h"
#include "ui/pages/summarycards.h"
#include "ui/shell/mainwindow.h"
#include "ui/widgets/knobcontrol.h"
#include "ui/widgets/livelabel.h"
#include "ui/widgets/summarycard.h"

#include <QHelpEvent>
#include <QImage>
#include <QSlider>
#include <QStandardPaths>
#include <QToolTip>
#include <QVBoxLayout>
#include <QtTest>

using namespace tx;

namespace {

// Counts the layout requests a widget receives.
class LayoutRequests : public QObject
{
public:
    int count = 0;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::LayoutRequest)
            ++count;
        return QObject::eventFilter(watched, event);
    }
};

void settle()
{
    for (int i = 0; i < 5; ++i) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    }
}

// Rows [top, bottom] of the dark pixels in columns [x0, x1) of a black-on-white rendering.
std::pair<int, int> inkRows(const QImage &image, int x0, int x1)
{
    int top = image.height(), bottom = -1;
    for (int y = 0; y < image.height(); ++y)
        for (int x = x0; x < x1; ++x)
            if (qGray(image.pixel(x, y)) < 128) {
                top = std::min(top, y);
                bottom = std::max(bottom, y);
            }
    return {top, bottom};
}

// Columns [left, right] holding dark pixels.
std::pair<int, int> inkColumns(const QImage &image)
{
    int left = image.width(), right = -1;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (qGray(image.pixel(x, y)) < 128) {
                left = std::min(left, x);
                right = std::max(right, x);
            }
    return {left, right};
}

QImage render(LiveLabel &label)
{
    QPalette palette = label.palette();
    palette.setColor(QPalette::Window, Qt::white);
    palette.setColor(QPalette::WindowText, Qt::black);
    label.setPalette(palette);
    label.setAutoFillBackground(true);
    return label.grab().toImage().convertToFormat(QImage::Format_RGB32);
}

} // namespace

class TestLiveLabel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    // NumberFormat writes 1.24 × 10^22; the label draws the 22 raised and smaller, and the
    // text (what Copy puts on the clipboard) keeps the caret.
    void powersOfTenAreDrawnAsSuperscripts()
    {
        LiveLabel raised;
        QFont font = raised.font();
        font.setPixelSize(40);
        raised.setFont(font);
        raised.resize(400, 80);
        raised.setText(QStringLiteral("10^22"));
        QCOMPARE(raised.plainText(), QStringLiteral("10^22"));

        LiveLabel flat;
        flat.setFont(font);
        flat.resize(400, 80);
        flat.setSuperscriptPowers(false);
        flat.setText(QStringLiteral("1022"));

        const QImage a = render(raised);
        const QImage b = render(flat);
        const auto [left, right] = inkColumns(a);
        const auto [flatLeft, flatRight] = inkColumns(b);
        // Smaller exponent digits: the whole number is narrower than "1022" in one size.
        QVERIFY2(right - left < flatRight - flatLeft, qPrintable(QStringLiteral("%1 vs %2").arg(right - left).arg(flatRight - flatLeft)));
        // The exponent (right third) sits higher than the base (left third): its lowest ink
        // is above the base line.
        const int third = (right - left) / 3;
        const auto base = inkRows(a, left, left + third);
        const auto exponent = inkRows(a, right - third, right + 1);
        QVERIFY2(exponent.second < base.second - 5, qPrintable(QStringLiteral("exponent bottom %1, base bottom %2")
                                                                   .arg(exponent.second).arg(base.second)));
        QVERIFY(exponent.first < base.first);
    }

    void richTextCopiesAsPlainTextWithCarets()
    {
        LiveLabel label;
        label.setTextFormat(Qt::RichText);
        label.setText(QStringLiteral("<p><b>Compute</b> = 1.2 × 10<sup>23</sup></p>"));
        QCOMPARE(label.plainText(), QStringLiteral("Compute = 1.2 × 10^23"));
    }

    // A line cut short by a narrow card shows "…" and the whole text in its tooltip.
    void elidedLineShowsTheWholeTextAsTooltip()
    {
        QWidget window;
        auto *label = new LiveLabel(&window);
        label->setText(QStringLiteral("fits on 1× NVIDIA H100 SXM5 80GB (85.9 GB)"));
        label->setGeometry(0, 0, 60, 30);
        window.resize(100, 40);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        label->repaint();
        QHelpEvent help(QEvent::ToolTip, QPoint(5, 5), label->mapToGlobal(QPoint(5, 5)));
        QCoreApplication::sendEvent(label, &help);
        QCOMPARE(QToolTip::text(), QStringLiteral("fits on 1× NVIDIA H100 SXM5 80GB (85.9 GB)"));
        QToolTip::hideText();
    }

    // Wrapped text that keeps its room: it grows to the lines it needs at its width, and a
    // shorter text later does not shrink it (the charts below must not jump while dragging).
    void keptRoomGrowsAndDoesNotShrink()
    {
        QWidget window;
        auto *layout = new QVBoxLayout(&window);
        auto *label = new LiveLabel;
        label->setWordWrap(true);
        label->setKeepsRoom(true);
        label->setMinimumLines(2);
        label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
        layout->addWidget(label);
        layout->addStretch(1);
        window.resize(160, 600);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const int line = label->fontMetrics().lineSpacing();
        QCOMPARE(label->height(), 2 * line);

        label->setText(QStringLiteral("one two three four five six seven eight nine ten eleven twelve thirteen "
                                      "fourteen fifteen sixteen seventeen eighteen nineteen twenty"));
        settle();
        const int grown = label->height();
        QVERIFY2(grown >= 4 * line, qPrintable(QString::number(grown)));

        label->setText(QStringLiteral("short"));
        settle();
        QCOMPARE(label->height(), grown);
    }

    // Without kept room, wrapped text reports its height for the width it is given.
    void heightForWidthFollowsTheWidth()
    {
        LiveLabel label;
        label.setWordWrap(true);
        label.setText(QStringLiteral("Embeddings + Decoder + Output head = 131,072,000 + 6,476,271,616 + 131,072,000"));
        const int line = label.fontMetrics().lineSpacing();
        QVERIFY(label.hasHeightForWidth());
        QCOMPARE(label.heightForWidth(5000), line);
        QVERIFY(label.heightForWidth(120) >= 3 * line);
    }

    // The promise behind bench_slider: a slider tick repaints the numbers, it does not make
    // the main window lay itself out again, and the window still fits a 1000 px screen.
    void sliderTickDoesNotRelayOutTheWindow_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN"); // its labels are taller and narrower
    }
    void sliderTickDoesNotRelayOutTheWindow()
    {
        QFETCH(QString, language);
        MainWindow window;
        window.setLanguage(language);
        window.resize(1600, 1000);
        QVERIFY(window.loadPreset(QStringLiteral("llama-2-7b")));
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        settle();
        QVERIFY2(window.minimumSizeHint().height() <= 1000, qPrintable(QString::number(window.minimumSizeHint().height())));
        QCOMPARE(window.height(), 1000);

        QSlider *slider = window.controls()->knob(QStringLiteral("n_layers"))->slider();
        // Warm up: the first values may be wider than any shown before, which is allowed one
        // layout (the room then stays).
        for (int v : {20, 40, 24, 36})
            slider->setValue(v), settle();
        LayoutRequests requests;
        window.installEventFilter(&requests);
        const QString before = window.cards()->card(QStringLiteral("params.total"))->valueLabel()->text();
        for (int v : {30, 34, 28, 32}) {
            slider->setValue(v);
            settle();
        }
        QVERIFY(window.cards()->card(QStringLiteral("params.total"))->valueLabel()->text() != before);
        QCOMPARE(requests.count, 0);
        window.removeEventFilter(&requests);
    }
};

QTEST_MAIN(TestLiveLabel)
#include "tst_livelabel.moc"
