// Checkpoints read from their headers: exact figures for sparse files the test writes.
#include "core/modelfile/ggufreader.h"
#include "core/modelfile/modelcache.h"
#include "core/modelfile/modelinspection.h"
#include "core/modelfile/modelfilereader.h"
#include "core/modelfile/safetensorsheader.h"
#include "core/modelfile/tensorformat.h"
#include "tests/support/modellayouts.h"
#include "tests/support/sparsecheckpoint.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

using namespace tx;

namespace {

std::int64_t bytesOnDisk(const ModelFile &m)
{
    std::int64_t n = 0;
    for (const ModelFilePart &f : m.files)
        n += QFileInfo(f.path).size();
    return n;
}

std::int64_t headerBytes(const ModelFile &m)
{
    std::int64_t n = 0;
    for (const ModelFilePart &f : m.files)
        n += f.headerBytes;
    return n;
}

} // namespace

class TestModelFile : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    // Qwen3-8B (reference/modern/models.json: 8,190,735,360; q_norm/k_norm per layer, untied
    // lm_head), 399 BF16 tensors in five shards with model.safetensors.index.json.
    void qwen3_8bSharded()
    {
        const QString dir = m_dir.filePath(QStringLiteral("Qwen3-8B"));
        const std::int64_t written = SparseCheckpoint::writeSharded(dir, ModelLayouts::decoder(ModelLayouts::qwen3_8b()), 5);
        QVERIFY(written > 0);
        auto m = ModelFileReader::open(dir);
        QVERIFY2(m, qPrintable(m ? QString() : m.error().toString()));
        QVERIFY(m->format == ModelFileFormat::Safetensors);
        QCOMPARE(m->files.size(), std::size_t(5));
        QCOMPARE(QFileInfo(m->files[0].path).fileName(), QStringLiteral("model-00001-of-00005.safetensors"));
        QCOMPARE(m->tensors.size(), std::size_t(399)); // 36 layers × 11 + embed, norm, head
        QCOMPARE(m->params(), std::int64_t(8'190'735'360));
        QCOMPARE(m->storedElements(), std::int64_t(8'190'735'360));
        QCOMPARE(m->tensorDataBytes(), std::int64_t(16'381'470'720)); // 2 bytes each
        QCOMPARE(m->fileBytes(), written);
        QCOMPARE(m->fileBytes(), bytesOnDisk(*m));
        QCOMPARE(m->fileBytes() - headerBytes(*m), std::int64_t(16'381'470'720));
        QCOMPARE(m->typeCounts(), (std::map<QString, int>{{QStringLiteral("BF16"), 399}}));
        QCOMPARE(m->bitsPerWeight(), 16.0);
        QCOMPARE(m->metadata.value(QStringLiteral("total_size")).toInteger(), qint64(16'381'470'720));
        const TensorInfo *qNorm = m->tensor(QStringLiteral("model.layers.35.self_attn.q_norm.weight"));
        QVERIFY(qNorm);
        QCOMPARE(qNorm->shape, (std::vector<std::int64_t>{128}));
        QCOMPARE(qNorm->bytes, std::int64_t(256));
        QCOMPARE(qNorm->file, 4);
    }

    // gpt-oss-20b (reference/modern/models.json: 20,914,757,184 logical parameters): experts as
    // MXFP4 blocks (U8, 2 values a byte) and scales (U8, one per 32 values, not parameters), in
    // three shards numbered from 00000 as the hub's copy is.
    void gptOss20bMxfp4()
    {
        const QString dir = m_dir.filePath(QStringLiteral("gpt-oss-20b"));
        SparseCheckpoint::writeSharded(dir, ModelLayouts::gptOss20b(), 3, 0);
        auto m = ModelFileReader::open(dir);
        QVERIFY2(m, qPrintable(m ? QString() : m.error().toString()));
        QCOMPARE(QFileInfo(m->files[2].path).fileName(), QStringLiteral("model-00002-of-00002.safetensors"));
        QCOMPARE(m->tensors.size(), std::size_t(459));
        QCOMPARE(m->params(), std::int64_t(20'914'757'184));
        // BF16 1,804,459,584 elements + U8 blocks 9,555,148,800 + U8 scales 597,196,800.
        QCOMPARE(m->storedElements(), std::int64_t(11'956'805'184));
        QCOMPARE(m->tensorDataBytes(), std::int64_t(13'761'264'768));
        QCOMPARE(m->scaleBytes(), std::int64_t(597'196'800));
        QCOMPARE(m->fileBytes(), bytesOnDisk(*m));
        QCOMPARE(m->typeCounts(), (std::map<QString, int>{{QStringLiteral("BF16"), 363}, {QStringLiteral("U8"), 96}}));
        const TensorInfo *blocks = m->tensor(QStringLiteral("model.layers.0.mlp.experts.gate_up_proj_blocks"));
        QVERIFY(blocks && blocks->packed);
        QCOMPARE(blocks->params, std::int64_t(32) * 5760 * 2880);
        const TensorInfo *scales = m->tensor(QStringLiteral("model.layers.0.mlp.experts.gate_up_proj_scales"));
        QVERIFY(scales);
        QCOMPARE(scales->role, TensorRole::Scale);
        QCOMPARE(scales->params, std::int64_t(0));
    }

    // Llama-3.1-8B (reference/modern/models.json: 8,030,261,248) as llama.cpp's Q4_K_M type mix
    // (tests/support/modellayouts.cpp cites the rule in llama-quant.cpp). Bytes from ggml's
    // blocks: Q4_K 144 per 256 values, Q6_K 210 per 256, F32 4.
    void llama31_8bQ4KM()
    {
        const QString path = m_dir.filePath(QStringLiteral("Meta-Llama-3.1-8B-Q4_K_M.gguf"));
        const std::int64_t written = ModelLayouts::llama31_8bQ4KM().write(path);
        auto m = ModelFileReader::open(path);
        QVERIFY2(m, qPrintable(m ? QString() : m.error().toString()));
        QVERIFY(m->format == ModelFileFormat::Gguf);
        QCOMPARE(m->ggufVersion, 3);
        QCOMPARE(m->ggufAlignment, std::int64_t(32));
        QCOMPARE(m->tensors.size(), std::size_t(292));
        QCOMPARE(m->params(), std::int64_t(8'030'261'248));
        QCOMPARE(m->storedElements(), std::int64_t(8'030'261'312)); // + rope_freqs' 64 factors, a buffer
        QCOMPARE(m->tensor(QStringLiteral("rope_freqs.weight"))->role, TensorRole::Buffer);
        QCOMPARE(m->tensorDataBytes(), std::int64_t(4'912'898'304));
        // Header: 2,600,333 bytes (the vocabulary is 2,563,392 of them), padded to 2,600,352.
        QCOMPARE(m->files[0].headerBytes, std::int64_t(2'600'352));
        QCOMPARE(m->fileBytes(), std::int64_t(4'915'498'656));
        QCOMPARE(m->fileBytes(), written);
        QCOMPARE(m->typeCounts(), (std::map<QString, int>{{QStringLiteral("F32"), 66},
                                                         {QStringLiteral("Q4_K"), 193},
                                                         {QStringLiteral("Q6_K"), 33}}));
        QCOMPARE(m->tensor(QStringLiteral("blk.6.attn_v.weight"))->dtype, QStringLiteral("Q6_K"));
        QCOMPARE(m->tensor(QStringLiteral("blk.7.attn_v.weight"))->dtype, QStringLiteral("Q4_K"));
        QCOMPARE(m->tensor(QStringLiteral("token_embd.weight"))->shape, (std::vector<std::int64_t>{4096, 128256}));
        QCOMPARE(m->tensor(QStringLiteral("token_embd.weight"))->bytes, std::int64_t(295'501'824));
        const QJsonObject tokens = m->metadata.value(QStringLiteral("tokenizer.ggml.tokens")).toObject();
        QCOMPARE(tokens.value(QStringLiteral("length")).toInteger(), qint64(128256));
        QCOMPARE(tokens.value(QStringLiteral("element_type")).toString(), QStringLiteral("string"));
        QCOMPARE(m->metadata.value(QStringLiteral("llama.block_count")).toInteger(), qint64(32));
        QCOMPARE(m->metadata.value(QStringLiteral("general.architecture")).toString(), QStringLiteral("llama"));
    }


    // gpt-oss without its config: the design inferred from the names (experts from the MXFP4
    // blocks, expert and router biases from their tensors) has no attention sinks, which
    // ModelConfig cannot hold; the reconciliation names exactly them: 24 layers × 64 heads = 1,536.
    void gptOssReconciledFromNames()
    {
        const QString dir = m_dir.filePath(QStringLiteral("gpt-oss-names"));
        SparseCheckpoint::writeSharded(dir, ModelLayouts::gptOss20b(), 3, 0);
        auto in = ModelInspection::inspect(dir);
        QVERIFY2(in, qPrintable(in ? QString() : in.error().toString()));
        QVERIFY(in->design && in->designCount && in->reconciliation);
        QVERIFY(in->design->source == ModelDesign::Source::TensorNames);
        QCOMPARE(in->design->config.moe.numExperts, 32);
        QCOMPARE(in->design->config.dFf, 2880);
        QCOMPARE(in->designCount->total, std::int64_t(20'914'757'184 - 1'536));
        const auto &mismatches = in->reconciliation->mismatches();
        QCOMPARE(mismatches.size(), std::size_t(1));
        QCOMPARE(mismatches[0].group, QStringLiteral("attention"));
        QCOMPARE(mismatches[0].difference, std::int64_t(1'536));
        QCOMPARE(mismatches[0].tensors, QStringList{QStringLiteral("model.layers.N.self_attn.sinks")});
        QCOMPARE(mismatches[0].explanation,
                 QStringLiteral("the design counts 637,201,920, the file holds 637,203,456; "
                                "model.layers.N.self_attn.sinks account for +1,536"));
        // The tree: embeddings, 24 layers × (attention, experts, norms), final norm, head.
        QCOMPARE(in->groups.layerCount(), 24);
        QCOMPARE(in->groups.groups().size(), std::size_t(1 + 24 * 3 + 2));
        QCOMPARE(in->groups.params(TensorKind::Experts), std::int64_t(24) * (32 * (2880 * 5760 + 5760 + 2880 * 2880 + 2880) + 32 * 2880 + 32));
        // MXFP4 experts: 4.25 bits a weight with the scales, the biases at 16 pulling it up a little.
        const TensorGroup &experts = in->groups.groups()[2];
        QCOMPARE(experts.key, QStringLiteral("layers.0.experts"));
        QVERIFY(experts.bitsPerWeight() > 4.25 && experts.bitsPerWeight() < 4.27);
    }


    // Models on this computer: the hub cache's entries and a user folder's models, from headers.
    void modelsOnThisComputer()
    {
        const QString hub = m_dir.filePath(QStringLiteral("cache/hub"));
        const QString snapshot = hub + QStringLiteral("/models--meta-llama--Llama-3.1-8B/snapshots/0e9e39f");
        QDir().mkpath(snapshot);
        SparseCheckpoint::writeSharded(snapshot, ModelLayouts::decoder({}), 4);
        QDir().mkpath(hub + QStringLiteral("/models--broken--empty/snapshots/abc"));
        const QString mine = m_dir.filePath(QStringLiteral("my-models"));
        QDir().mkpath(mine + QStringLiteral("/notes"));
        ModelLayouts::llama31_8bQ4KM().write(mine + QStringLiteral("/llama-q4km.gguf"));
        SparseCheckpoint::writeText(mine + QStringLiteral("/readme.txt"), "not a model");

        qputenv("HF_HUB_CACHE", hub.toUtf8());
        QCOMPARE(ModelCache::hubFolder(), hub);
        qunsetenv("HF_HUB_CACHE");
        qputenv("HF_HOME", m_dir.filePath(QStringLiteral("cache")).toUtf8());
        QCOMPARE(ModelCache::hubFolder(), hub);
        qunsetenv("HF_HOME");

        const std::vector<CachedModel> models = ModelCache::scan(hub, {mine});
        QCOMPARE(models.size(), std::size_t(3));
        QCOMPARE(models[0].name, QStringLiteral("broken/empty"));
        QVERIFY(models[0].error.contains(QStringLiteral("no .safetensors or .gguf file in this folder")));
        QCOMPARE(models[1].name, QStringLiteral("llama-q4km.gguf"));
        QCOMPARE(models[1].params, std::int64_t(8'030'261'248));
        QCOMPARE(models[1].bytes, std::int64_t(4'915'498'656));
        QCOMPARE(models[2].name, QStringLiteral("meta-llama/Llama-3.1-8B"));
        QCOMPARE(models[2].format, QStringLiteral("safetensors"));
        QCOMPARE(models[2].params, std::int64_t(8'030'261'248));
    }


    // Files not written by these tests: the engine's checkpoints with their PyTorch reference
    // outputs (tests/data/engine) pass the strict checks, and their config.json design counts
    // exactly what they hold.
    void realCheckpoints_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<qint64>("params");
        QTest::addColumn<QString>("dtype");
        QTest::newRow("gpt2-tiny") << QStringLiteral("gpt2-tiny") << qint64(27584) << QStringLiteral("F32");
        QTest::newRow("gpt2-tiny-f16") << QStringLiteral("gpt2-tiny-f16") << qint64(27584) << QStringLiteral("F16");
        QTest::newRow("llama-tiny-gqa") << QStringLiteral("llama-tiny-gqa") << qint64(20896) << QStringLiteral("F32");
        QTest::newRow("llama-tiny-gqa-bf16") << QStringLiteral("llama-tiny-gqa-bf16") << qint64(20896) << QStringLiteral("BF16");
    }
    void realCheckpoints()
    {
        QFETCH(QString, folder);
        QFETCH(qint64, params);
        QFETCH(QString, dtype);
        auto in = ModelInspection::inspect(QStringLiteral(TX_TEST_DATA_DIR "/engine/") + folder);
        QVERIFY2(in, qPrintable(in ? QString() : in.error().toString()));
        QCOMPARE(in->file.params(), params);
        QCOMPARE(in->file.typeCounts().size(), std::size_t(1));
        QCOMPARE(in->file.typeCounts().begin()->first, dtype);
        QVERIFY(in->design && in->design->source == ModelDesign::Source::ConfigJson);
        QCOMPARE(in->designCount->total, params);
        QVERIFY(in->reconciliation->mismatches().empty());
    }

    // ggml's block sizes (ggml.c type_traits, ggml-common.h static_asserts), as bits per weight.
    void ggmlBlocks_data()
    {
        QTest::addColumn<uint>("id");
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("elements");
        QTest::addColumn<int>("bytes");
        QTest::newRow("F32") << 0u << QStringLiteral("F32") << 1 << 4;
        QTest::newRow("BF16") << 30u << QStringLiteral("BF16") << 1 << 2;
        QTest::newRow("Q4_0") << 2u << QStringLiteral("Q4_0") << 32 << 18;
        QTest::newRow("Q4_1") << 3u << QStringLiteral("Q4_1") << 32 << 20;
        QTest::newRow("Q5_0") << 6u << QStringLiteral("Q5_0") << 32 << 22;
        QTest::newRow("Q5_1") << 7u << QStringLiteral("Q5_1") << 32 << 24;
        QTest::newRow("Q8_0") << 8u << QStringLiteral("Q8_0") << 32 << 34;
        QTest::newRow("Q2_K") << 10u << QStringLiteral("Q2_K") << 256 << 84;
        QTest::newRow("Q3_K") << 11u << QStringLiteral("Q3_K") << 256 << 110;
        QTest::newRow("Q4_K") << 12u << QStringLiteral("Q4_K") << 256 << 144;
        QTest::newRow("Q5_K") << 13u << QStringLiteral("Q5_K") << 256 << 176;
        QTest::newRow("Q6_K") << 14u << QStringLiteral("Q6_K") << 256 << 210;
        QTest::newRow("Q8_K") << 15u << QStringLiteral("Q8_K") << 256 << 292;
        QTest::newRow("IQ2_XXS") << 16u << QStringLiteral("IQ2_XXS") << 256 << 66;
        QTest::newRow("IQ2_XS") << 17u << QStringLiteral("IQ2_XS") << 256 << 74;
        QTest::newRow("IQ3_XXS") << 18u << QStringLiteral("IQ3_XXS") << 256 << 98;
        QTest::newRow("IQ1_S") << 19u << QStringLiteral("IQ1_S") << 256 << 50;
        QTest::newRow("IQ4_NL") << 20u << QStringLiteral("IQ4_NL") << 32 << 18;
        QTest::newRow("IQ3_S") << 21u << QStringLiteral("IQ3_S") << 256 << 110;
        QTest::newRow("IQ2_S") << 22u << QStringLiteral("IQ2_S") << 256 << 82;
        QTest::newRow("IQ4_XS") << 23u << QStringLiteral("IQ4_XS") << 256 << 136;
        QTest::newRow("IQ1_M") << 29u << QStringLiteral("IQ1_M") << 256 << 56;
        QTest::newRow("TQ1_0") << 34u << QStringLiteral("TQ1_0") << 256 << 54;
        QTest::newRow("TQ2_0") << 35u << QStringLiteral("TQ2_0") << 256 << 66;
        QTest::newRow("MXFP4") << 39u << QStringLiteral("MXFP4") << 32 << 17;
    }
    void ggmlBlocks()
    {
        QFETCH(uint, id);
        QFETCH(QString, name);
        QFETCH(int, elements);
        QFETCH(int, bytes);
        const GgmlType *t = TensorFormat::ggml(id);
        QVERIFY(t);
        QCOMPARE(t->name, name);
        QCOMPARE(t->blockElements, elements);
        QCOMPARE(t->blockBytes, bytes);
        // Each type read back from a one-tensor file: 512 rows of 256 values.
        const QString path = m_dir.filePath(name + QStringLiteral(".gguf"));
        GgufBuilder g;
        g.addTensor({QStringLiteral("w"), id, {256, 512}});
        g.write(path);
        auto m = GgufReader::read(path);
        QVERIFY2(m, qPrintable(m ? QString() : m.error().toString()));
        QCOMPARE(m->tensors[0].dtype, name);
        QCOMPARE(m->tensors[0].bytes, std::int64_t(256 / elements) * bytes * 512);
        QCOMPARE(m->params(), std::int64_t(256 * 512));
    }
    // GGUF v2 has the same layout as v3 (v3 only added big-endian files); both are read.
    void ggufVersion2()
    {
        GgufBuilder g(2);
        g.addString(QStringLiteral("general.architecture"), QStringLiteral("llama"));
        g.addTensor({QStringLiteral("token_embd.weight"), 8, {64, 10}}); // Q8_0: 2 blocks a row
        const QString path = m_dir.filePath(QStringLiteral("v2.gguf"));
        g.write(path);
        auto m = GgufReader::read(path);
        QVERIFY2(m, qPrintable(m ? QString() : m.error().toString()));
        QCOMPARE(m->ggufVersion, 2);
        QCOMPARE(m->tensors[0].bytes, std::int64_t(2 * 34 * 10));
        QCOMPARE(m->metadata.value(QStringLiteral("general.architecture")).toString(), QStringLiteral("llama"));
    }

    void removedGgmlTypes()
    {
        for (std::uint32_t id : {4u, 5u, 31u, 32u, 33u, 36u, 37u, 38u, 43u})
            QVERIFY(!TensorFormat::ggml(id));
    }

    // Every dtype of the safetensors spec (Dtype::bitsize in safetensors/src/tensor.rs).
    void safetensorsDtypes_data()
    {
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<int>("bytes"); // of a [4, 6] tensor
        const std::pair<const char *, int> rows[] = {
            {"F64", 192}, {"F32", 96}, {"F16", 48}, {"BF16", 48}, {"F8_E4M3", 24}, {"F8_E5M2", 24},
            {"F8_E8M0", 24}, {"I64", 192}, {"I32", 96}, {"I16", 48}, {"I8", 24}, {"U64", 192},
            {"U32", 96}, {"U16", 48}, {"U8", 24}, {"BOOL", 24}, {"F4", 12}, {"F6_E2M3", 18},
            {"F6_E3M2", 18}, {"C64", 192}};
        for (const auto &[dtype, bytes] : rows)
            QTest::newRow(dtype) << QString::fromLatin1(dtype) << bytes;
    }
    void safetensorsDtypes()
    {
        QFETCH(QString, dtype);
        QFETCH(int, bytes);
        const QString path = m_dir.filePath(dtype + QStringLiteral(".safetensors"));
        SparseCheckpoint::writeSafetensors(path, {{QStringLiteral("t"), dtype, {4, 6}}});
        auto m = SafetensorsHeader::readFile(path);
        QVERIFY2(m, qPrintable(m ? QString() : m.error().toString()));
        QCOMPARE(m->tensors[0].dtype, dtype);
        QCOMPARE(m->tensors[0].bytes, std::int64_t(bytes));
        QCOMPARE(m->tensors[0].elements, std::int64_t(24));
    }

    // DeepSeek-V3 / Qwen3-FP8 style: F8_E4M3 weights with F32 weight_scale_inv per 128×128 block.
    void fp8BlockScales()
    {
        const QString path = m_dir.filePath(QStringLiteral("fp8.safetensors"));
        SparseCheckpoint::writeSafetensors(path, {{QStringLiteral("model.layers.0.mlp.up_proj.weight"), QStringLiteral("F8_E4M3"), {2048, 7168}},
                                                  {QStringLiteral("model.layers.0.mlp.up_proj.weight_scale_inv"), QStringLiteral("F32"), {16, 56}},
                                                  {QStringLiteral("model.norm.weight"), QStringLiteral("BF16"), {7168}}});
        auto m = ModelFileReader::open(path);
        QVERIFY2(m, qPrintable(m ? QString() : m.error().toString()));
        QCOMPARE(m->params(), std::int64_t(2048) * 7168 + 7168);
        QCOMPARE(m->scaleBytes(), std::int64_t(16 * 56 * 4));
        QCOMPARE(m->tensor(QStringLiteral("model.layers.0.mlp.up_proj.weight_scale_inv"))->role, TensorRole::Scale);
    }

    // A Hugging Face cache entry: models--org--name/refs/main names the snapshot; the files in it
    // are symlinks into blobs/.
    void huggingFaceCache()
    {
        const QString root = m_dir.filePath(QStringLiteral("hub/models--Qwen--Qwen3-8B"));
        const QString revision = QStringLiteral("9c925d64d72725edaf899c6cb9c377fd0709d9c5");
        QDir().mkpath(root + QStringLiteral("/refs"));
        QDir().mkpath(root + QStringLiteral("/blobs"));
        QDir().mkpath(root + QStringLiteral("/snapshots/") + revision);
        SparseCheckpoint::writeText(root + QStringLiteral("/refs/main"), revision.toLatin1());
        const QString blob = root + QStringLiteral("/blobs/a1b2c3");
        SparseCheckpoint::writeSafetensors(blob, {{QStringLiteral("model.norm.weight"), QStringLiteral("BF16"), {4096}}});
        QVERIFY(QFile::link(QStringLiteral("../../blobs/a1b2c3"),
                            root + QStringLiteral("/snapshots/") + revision + QStringLiteral("/model.safetensors")));
        auto m = ModelFileReader::open(root);
        QVERIFY2(m, qPrintable(m ? QString() : m.error().toString()));
        QCOMPARE(m->params(), std::int64_t(4096));
        QVERIFY(m->files[0].path.contains(revision));
        QCOMPARE(m->files[0].bytes, QFileInfo(blob).size());
    }
};

QTEST_APPLESS_MAIN(TestModelFile)
#include "tst_modelfile.moc"
