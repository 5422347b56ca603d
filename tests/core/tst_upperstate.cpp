// UpperState::clearNow(): on Intel cores, SSE code run while the upper register halves are dirty is
// slow (core/base/upperstate.h: a Box–Muller loop 29.6 → 327.6 ns per value on an Emerald Rapids
// Xeon), and Debian 12's Qt 6.4.2 leaves them dirty after hashing a string on a CPU with VAES.
// Transformer::initGpt2Style and the sampler call clearNow() first.
#include "core/base/upperstate.h"
#include "core/nn/transformer.h"

#include <QHash>
#include <QTest>

#include <cpuid.h>

namespace {

bool cpuHasVaes()
{
    unsigned a = 0, b = 0, c = 0, d = 0;
    return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (c & (1u << 9));
}

// A 256-bit add whose result stays in ymm1. Plain assembly in a function built for the baseline,
// so the compiler adds no `vzeroupper` of its own before returning; called only where AVX exists.
[[gnu::noinline]] void dirtyTheUpperHalves()
{
    __asm__ volatile("vxorps %%ymm1, %%ymm1, %%ymm1\n\tvaddps %%ymm1, %%ymm1, %%ymm1" ::: "xmm1");
}

} // namespace

class TestUpperState : public QObject {
    Q_OBJECT

private slots:
    void init()
    {
        if (!tx::UpperState::avxUsable())
            QSKIP("no AVX on this CPU: nothing can dirty the upper halves, and clearNow() does nothing");
        if (!tx::UpperState::canTell())
            QSKIP("this CPU cannot report which register state is in use (no XGETBV with ECX=1)");
    }

    void clearNowCleansADirtyThread()
    {
        tx::UpperState::clearNow();
        QVERIFY(!tx::UpperState::dirty());
        dirtyTheUpperHalves();
        QVERIFY(tx::UpperState::dirty());
        tx::UpperState::clearNow();
        QVERIFY(!tx::UpperState::dirty());
    }

    // The cause, as this Qt and CPU have it: what HfConfigReader does with every key of a
    // config.json it maps leaves the thread dirty; initialising weights right after it then runs clean.
    void aStringHashDoesNotSlowTheWeightsDrawnAfterIt()
    {
        tx::UpperState::clearNow();
        QHash<QString, QString> origin;
        origin.insert(QStringLiteral("maxPositions"), QStringLiteral("n_positions"));
        const bool qtDirtied = tx::UpperState::dirty();
        if (cpuHasVaes())
            qInfo("a QHash insert with a string key %s the upper halves dirty on this CPU and Qt %s",
                  qtDirtied ? "left" : "did not leave", qVersion());
        tx::ModelConfig config;
        config.dModel = 64;
        config.nLayers = 1;
        config.nHeads = 2;
        config.nKvHeads = 2;
        config.dFf = 128;
        config.vocabSize = 64;
        config.maxPositions = 16;
        auto model = tx::Transformer::create(config);
        QVERIFY2(model.hasValue(), model ? "" : qPrintable(model.error().toString()));
        dirtyTheUpperHalves();
        QVERIFY(model.value().initGpt2Style(3));
        QVERIFY2(!tx::UpperState::dirty(), "initGpt2Style drew its weights with the upper halves dirty");
    }
};

QTEST_GUILESS_MAIN(TestUpperState)

#include "tst_upperstate.moc"
