#include "commands.h"

#include "core/base/numberformat.h"
#include "core/formats/runnablemodel.h"
#include "core/nn/decoder.h"
#include "core/nn/enginesizer.h"
#include "core/nn/forwarddump.h"
#include "core/nn/ropefrequencies.h"
#include "core/nn/transformer.h"
#include "core/tokenize/bytetokenizer.h"
#include "core/tokenize/tokenizer.h"
#include "designarguments.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QTextStream>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>

namespace tx {

namespace {

struct RunCommand
{
    Q_DECLARE_TR_FUNCTIONS(tx::RunCommand)
};

int fail(const Error &e)
{
    QTextStream(stderr) << e.toString() << '\n';
    return 2;
}

Expected<std::vector<int>, Error> parseTokens(const QString &text)
{
    std::vector<int> ids;
    for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int id = part.trimmed().toInt(&ok);
        if (!ok || id < 0)
            return Error{{}, QStringLiteral("--tokens"), RunCommand::tr("\"%1\" is not a token id (a non-negative integer)").arg(part)};
        ids.push_back(id);
    }
    if (ids.empty())
        return Error{{}, QStringLiteral("--tokens"), RunCommand::tr("expected a comma-separated list of token ids")};
    return ids;
}

} // namespace

int runRunCommand(QStringList args)
{
    bool hasModel = false, hasText = false, hasTokens = false, hasDump = false, hasTopK = false, hasSeed = false,
         hasCap = false;
    const QString modelPath = DesignArguments::takeOption(args, QStringLiteral("model"), &hasModel);
    const QString text = DesignArguments::takeOption(args, QStringLiteral("text"), &hasText);
    const QString tokensText = DesignArguments::takeOption(args, QStringLiteral("tokens"), &hasTokens);
    const QString dumpPath = DesignArguments::takeOption(args, QStringLiteral("dump"), &hasDump);
    const QString topKText = DesignArguments::takeOption(args, QStringLiteral("top-k"), &hasTopK);
    const QString seedText = DesignArguments::takeOption(args, QStringLiteral("seed"), &hasSeed);
    const QString capText = DesignArguments::takeOption(args, QStringLiteral("max-weights-mb"), &hasCap);
    const bool scaleDown = DesignArguments::takeFlag(args, QStringLiteral("scale-down"));
    bool hasGenerate = false, hasTemperature = false, hasTopP = false, hasSampleSeed = false;
    const QString generateText = DesignArguments::takeOption(args, QStringLiteral("generate"), &hasGenerate);
    const QString temperatureText = DesignArguments::takeOption(args, QStringLiteral("temperature"), &hasTemperature);
    const QString topPText = DesignArguments::takeOption(args, QStringLiteral("top-p"), &hasTopP);
    const QString sampleSeedText = DesignArguments::takeOption(args, QStringLiteral("sample-seed"), &hasSampleSeed);

    if (hasText == hasTokens)
        return fail({{}, QStringLiteral("--text"), RunCommand::tr("give exactly one of --text and --tokens")});
    int topK = 5;
    if (hasTopK) {
        bool ok = false;
        topK = topKText.toInt(&ok);
        if (!ok || topK < 1 || topK > 1000)
            return fail({{}, QStringLiteral("--top-k"), RunCommand::tr("expected an integer from 1 to 1000, got \"%1\"").arg(topKText)});
    }
    // --generate N: N tokens by the KV-cache decoder, greedy unless --temperature is above 0;
    // --top-k then restricts the sampling to the k most likely tokens, --top-p to the nucleus.
    int generate = 0;
    SamplingOptions sampling;
    sampling.temperature = 0.0;
    if (hasGenerate) {
        bool ok = false;
        generate = generateText.toInt(&ok);
        if (!ok || generate < 1 || generate > 100000)
            return fail({{}, QStringLiteral("--generate"), RunCommand::tr("expected an integer from 1 to 100000, got \"%1\"").arg(generateText)});
        sampling.topK = hasTopK ? topK : 0;
    } else if (hasTemperature || hasTopP || hasSampleSeed) {
        return fail({{}, hasTemperature ? QStringLiteral("--temperature") : hasTopP ? QStringLiteral("--top-p") : QStringLiteral("--sample-seed"),
                     RunCommand::tr("applies to --generate only")});
    }
    if (hasTemperature) {
        bool ok = false;
        sampling.temperature = temperatureText.toDouble(&ok);
        if (!ok || !(sampling.temperature >= 0.0) || sampling.temperature > 100.0)
            return fail({{}, QStringLiteral("--temperature"), RunCommand::tr("expected a number from 0 to 100, got \"%1\"").arg(temperatureText)});
    }
    if (hasTopP) {
        bool ok = false;
        sampling.topP = topPText.toDouble(&ok);
        if (!ok || !(sampling.topP > 0.0) || sampling.topP > 1.0)
            return fail({{}, QStringLiteral("--top-p"), RunCommand::tr("expected a number above 0 and at most 1, got \"%1\"").arg(topPText)});
    }
    if (hasSampleSeed) {
        bool ok = false;
        sampling.seed = sampleSeedText.toULongLong(&ok);
        if (!ok)
            return fail({{}, QStringLiteral("--sample-seed"), RunCommand::tr("expected a non-negative integer, got \"%1\"").arg(sampleSeedText)});
    }
    quint64 seed = 0;
    if (hasSeed) {
        bool ok = false;
        seed = seedText.toULongLong(&ok);
        if (!ok)
            return fail({{}, QStringLiteral("--seed"), RunCommand::tr("expected a non-negative integer, got \"%1\"").arg(seedText)});
    }
    std::int64_t capBytes = Transformer::kDefaultCapBytes;
    if (hasCap) {
        bool ok = false;
        const double mb = capText.toDouble(&ok);
        if (!ok || !(mb > 0) || mb > 1e6)
            return fail({{}, QStringLiteral("--max-weights-mb"), RunCommand::tr("expected megabytes from 0 to 1000000, got \"%1\"").arg(capText)});
        capBytes = std::int64_t(mb * 1e6);
    }

    QTextStream out(stdout);
    std::optional<Transformer> model;
    std::shared_ptr<Tokenizer> tokenizer;
    QStringList changes;
    if (hasModel) {
        if (scaleDown || hasSeed) // a checkpoint's weights are read, not drawn
            return fail({{}, scaleDown ? QStringLiteral("--scale-down") : QStringLiteral("--seed"),
                         RunCommand::tr("applies to designs (--preset, --config), not to --model")});
        if (!args.isEmpty())
            return fail({{}, args.first(), RunCommand::tr("unknown option")});
        auto loaded = RunnableModel::fromCheckpoint(modelPath, capBytes);
        if (!loaded)
            return fail(loaded.error());
        model = std::move(loaded->model);
        tokenizer = std::move(loaded->tokenizer);
    } else {
        auto design = DesignArguments::take(args);
        if (!design)
            return fail(design.error());
        if (!args.isEmpty())
            return fail({{}, args.first(), RunCommand::tr("unknown option")});
        ModelConfig config = *design;
        if (scaleDown) {
            auto plan = EngineSizer::fit(config, capBytes);
            if (!plan)
                return fail(plan.error());
            config = plan->config;
            changes = plan->changes;
        }
        auto created = RunnableModel::fromDesign(config, capBytes, seed);
        if (!created) {
            Error e = created.error();
            if (!scaleDown)
                e.message += RunCommand::tr(" (add --scale-down for the nearest model the engine runs)");
            return fail(e);
        }
        model = std::move(created->model);
        tokenizer = std::move(created->tokenizer);
    }

    std::vector<int> tokens;
    if (hasText) {
        if (!tokenizer)
            return fail({{}, QStringLiteral("--text"),
                         RunCommand::tr("no tokenizer files beside the model and vocab_size %1 is below the 256 a byte "
                            "tokenizer needs; use --tokens")
                             .arg(model->config().vocabSize)});
        tokens = tokenizer->encode(text);
        if (tokens.empty())
            return fail({{}, QStringLiteral("--text"), RunCommand::tr("the text encodes to no tokens")});
    } else {
        auto parsed = parseTokens(tokensText);
        if (!parsed)
            return fail(parsed.error());
        tokens = *parsed;
    }

    if (generate > 0) {
        if (hasDump)
            return fail({{}, QStringLiteral("--dump"), RunCommand::tr("give either --dump or --generate")});
        for (const QString &change : changes)
            out << RunCommand::tr("Scaled down: %1").arg(change) << '\n';
        if (const QString rope = RopeFrequencies::describe(model->config()); !rope.isEmpty())
            out << RunCommand::tr("RoPE scaling: %1").arg(rope) << '\n';
        Decoder decoder(*model);
        const auto start = std::chrono::steady_clock::now();
        auto generated = decoder.generate(tokens, generate, sampling);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (!generated)
            return fail(generated.error());
        QStringList ids;
        for (int t : *generated)
            ids << QString::number(t);
        out << RunCommand::tr("Generated %1 tokens: %2").arg(generated->size()).arg(ids.join(QLatin1Char(','))) << '\n';
        if (tokenizer) {
            std::vector<int> known;
            for (int t : *generated)
                if (t < tokenizer->vocabSize())
                    known.push_back(t);
            out << RunCommand::tr("Text: %1").arg(tokenizer->decode(known)) << '\n';
        }
        out << RunCommand::tr("%1 tokens/s (KV cache, prompt included in the time)").arg(double(generated->size()) / seconds, 0, 'f', 1)
            << '\n';
        return 0;
    }

    ForwardOptions options;
    options.captureAttention = hasDump;
    // An encoder-decoder reads the input in its encoder; its decoder starts from the start token,
    // so the next token is the first one it writes (T5's generate).
    const bool encdec = model->isEncoderDecoder();
    auto result = encdec ? model->forward(tokens, {Transformer::kDecoderStartToken}, options) : model->forward(tokens, options);
    if (!result)
        return fail(result.error());
    QStringList labels;
    if (tokenizer) {
        // A token id past the tokenizer's vocabulary (possible with --tokens) gets its number.
        for (int t : tokens)
            labels << (t < tokenizer->vocabSize() ? tokenizer->labels({t}).value(0) : QString::number(t));
        if (tokenizer->kind() == QLatin1String("bytes"))
            labels = tokenizer->labels(tokens);
    } else {
        for (int t : tokens)
            labels << QString::number(t);
    }

    const ModelConfig &c = model->config();
    for (const QString &change : changes)
        out << RunCommand::tr("Scaled down: %1").arg(change) << '\n';
    if (const QString rope = RopeFrequencies::describe(c); !rope.isEmpty())
        out << RunCommand::tr("RoPE scaling: %1").arg(rope) << '\n';
    if (hasDump) {
        QJsonObject header;
        header.insert(QStringLiteral("model"), c.name);
        header.insert(QStringLiteral("tokenizer"), tokenizer ? tokenizer->kind() : QStringLiteral("none"));
        QJsonArray changeList;
        for (const QString &change : changes)
            changeList.append(change);
        header.insert(QStringLiteral("changes"), changeList);
        if (auto e = ForwardDump::save(dumpPath, *result, labels, header))
            return fail(*e);
        if (encdec)
            out << RunCommand::tr("Wrote %1: %2 encoder tokens, 1 decoder token, logits 1 × %3, cross-attention %4 "
                                  "decoder layers × %5 heads over the encoder, encoder attention %6 layers")
                       .arg(dumpPath)
                       .arg(tokens.size())
                       .arg(c.vocabSize)
                       .arg(result->nLayers)
                       .arg(result->nHeads)
                       .arg(result->nEncoderLayers)
                << '\n';
        else
            out << RunCommand::tr("Wrote %1: %2 tokens, logits %2 × %3, attention %4 layers × %5 heads")
                       .arg(dumpPath)
                       .arg(tokens.size())
                       .arg(c.vocabSize)
                       .arg(result->nLayers)
                       .arg(result->nHeads)
                << '\n';
        return 0;
    }

    // Top-k next tokens after the last position, with softmax probabilities. An encoder-only
    // model (BERT, ALBERT) has a masked-LM head, not a next-token one: it predicts the token at a
    // position, the first [MASK] (or <mask>) of the input when there is one, else the last.
    const bool encoderOnly = c.layout == Layout::EncoderOnly;
    int position = int(result->logits.rows()) - 1;
    if (encoderOnly)
        for (int i = 0; i < int(labels.size()) && i <= position; ++i)
            if (labels[i] == QLatin1String("[MASK]") || labels[i] == QLatin1String("<mask>")) {
                position = i;
                break;
            }
    const auto last = result->logits.row(position);
    const float maxLogit = last.maxCoeff();
    const double z = (last.array() - maxLogit).exp().cast<double>().sum();
    std::vector<int> order(std::size_t(last.size()));
    std::iota(order.begin(), order.end(), 0);
    const int k = std::min<int>(topK, int(order.size()));
    std::partial_sort(order.begin(), order.begin() + k, order.end(), [&](int a, int b) { return last(a) > last(b); });
    out << (c.name.isEmpty() ? RunCommand::tr("Custom design") : c.name) << '\n';
    out << RunCommand::tr("Input: %1 tokens [%2]").arg(tokens.size()).arg(labels.join(QStringLiteral("|"))) << '\n';
    if (encdec)
        out << RunCommand::tr("Encoder-decoder: the encoder reads the input (%1 layers), the decoder starts from token %2 "
                              "and attends over it (%3 layers)")
                   .arg(c.encoderLayers())
                   .arg(Transformer::kDecoderStartToken)
                   .arg(c.decoderLayers())
            << '\n';
    if (encoderOnly)
        out << RunCommand::tr("Masked-LM prediction at position %1 \"%2\" (top %3):")
                   .arg(position + 1)
                   .arg(labels.value(position))
                   .arg(k)
            << '\n';
    else
        out << RunCommand::tr("Next token (top %1):").arg(k) << '\n';
    for (int i = 0; i < k; ++i) {
        const int id = order[std::size_t(i)];
        const double p = std::exp(double(last(id) - maxLogit)) / z;
        QString label = tokenizer && id < tokenizer->vocabSize() ? tokenizer->labels({id}).value(0) : QString();
        label.replace(QLatin1Char('\n'), QLatin1String("\\n"));
        out << QStringLiteral("  %1  %2  %3  \"%4\"")
                   .arg(i + 1, 2)
                   .arg(id, 7)
                   .arg(QStringLiteral("%1%").arg(100.0 * p, 0, 'f', 2), 8)
                   .arg(label)
            << '\n';
    }
    return 0;
}

} // namespace tx
