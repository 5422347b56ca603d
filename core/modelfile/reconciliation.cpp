#include "core/modelfile/reconciliation.h"

#include "core/base/numberformat.h"

#include <QCoreApplication>

#include <map>

namespace tx {

namespace {

std::int64_t sumOver(const ParamNode &root, std::initializer_list<const char *> paths)
{
    std::int64_t n = 0;
    for (const char *stack : {"encoder", "decoder"})
        for (const char *p : paths)
            if (const ParamNode *node = root.find(QLatin1String(stack) + QLatin1Char('.') + QLatin1String(p)))
                n += node->params;
    return n;
}

std::int64_t attentionNorms(const ParamNode &root)
{
    return sumOver(root, {"attention.q_norm", "attention.k_norm", "attention.q_a_norm", "attention.kv_a_norm",
                          "cross_attention.q_norm", "cross_attention.k_norm"});
}

QString signedCount(std::int64_t n)
{
    return (n >= 0 ? QStringLiteral("+") : QString()) + NumberFormat::exact(n);
}

} // namespace

std::int64_t Reconciliation::designParams(const ParamCount &count, TensorKind kind)
{
    const ParamNode &root = count.breakdown;
    auto top = [&root](const char *key) {
        const ParamNode *n = root.child(QLatin1String(key));
        return n ? n->params : 0;
    };
    switch (kind) {
    case TensorKind::Embeddings: return top("embeddings");
    // Norms inside attention (QK-norm, MLA's latent norms) are stored as *_norm tensors, which
    // the file's grouping files under norms (TensorGroups): count them there on both sides.
    case TensorKind::Attention: return sumOver(root, {"attention", "cross_attention"}) - attentionNorms(root);
    case TensorKind::Mlp: return sumOver(root, {"ffn"});
    case TensorKind::Experts: return sumOver(root, {"moe"});
    case TensorKind::Norms: return sumOver(root, {"norms", "final_norm"}) + attentionNorms(root);
    case TensorKind::Head: return top("lm_head");
    case TensorKind::Other: return top("pooler");
    }
    return 0;
}

Reconciliation Reconciliation::compare(const ModelDesign &design, const ParamCount &count, const ModelFile &file,
                                       const TensorGroups &groups)
{
    Reconciliation r;
    r.m_designTotal = count.total;
    r.m_fileTotal = file.params();
    for (TensorKind kind : {TensorKind::Embeddings, TensorKind::Attention, TensorKind::Mlp, TensorKind::Experts,
                            TensorKind::Norms, TensorKind::Head, TensorKind::Other}) {
        Row row{kind, designParams(count, kind), groups.params(kind)};
        r.m_rows.push_back(row);
        if (row.designParams == row.fileParams)
            continue;
        Mismatch m;
        m.kind = kind;
        m.group = toString(kind);
        m.designParams = row.designParams;
        m.fileParams = row.fileParams;
        m.difference = row.fileParams - row.designParams;

        // The tensor patterns (layer numbers as N) of this group with their parameters; the ones
        // whose sum is the difference are what the design leaves out (or a single pattern the
        // file lacks explains a negative one only by its absence, which names cannot show).
        std::map<QString, std::int64_t> patterns;
        for (const TensorGroup &g : groups.groups())
            if (g.kind == kind)
                for (int i : g.tensors)
                    patterns[TensorGroups::pattern(file.tensors[std::size_t(i)].name)] += file.tensors[std::size_t(i)].params;
        for (const auto &[name, params] : patterns)
            if (params == m.difference)
                m.tensors = QStringList{name};
        if (m.tensors.isEmpty()) {
            for (auto a = patterns.begin(); a != patterns.end() && m.tensors.isEmpty(); ++a)
                for (auto b = std::next(a); b != patterns.end(); ++b)
                    if (a->second + b->second == m.difference) {
                        m.tensors = QStringList{a->first, b->first};
                        break;
                    }
        }
        if (m.tensors.isEmpty() && m.difference > 0)
            for (const auto &[name, params] : patterns)
                m.tensors << name;

        const QString diff = signedCount(m.difference);
        const bool configSaysTied = design.config.tiedEmbeddings;
        const QString from = design.source == ModelDesign::Source::ConfigJson ? tr("config says") : tr("the design says");
        if (kind == TensorKind::Head && m.designParams == 0 && configSaysTied && m.fileParams > 0) {
            m.explanation = tr("%1 tie_word_embeddings, but %2 is stored: %3")
                                .arg(from, m.tensors.value(0, QStringLiteral("lm_head.weight")), diff);
        } else if (kind == TensorKind::Head && m.fileParams == 0 && !configSaysTied) {
            m.explanation = tr("%1 the head is untied (tie_word_embeddings false), but no head weight is stored: %2")
                                .arg(from, diff);
        } else if (!m.tensors.isEmpty() && m.tensors.size() <= 2 && m.difference > 0) {
            m.explanation = tr("the design counts %1, the file holds %2; %3 account for %4")
                                .arg(NumberFormat::exact(m.designParams), NumberFormat::exact(m.fileParams),
                                     m.tensors.join(QStringLiteral(", ")), diff);
        } else {
            m.explanation = tr("the design counts %1, the file holds %2: %3")
                                .arg(NumberFormat::exact(m.designParams), NumberFormat::exact(m.fileParams), diff);
        }
        r.m_mismatches.push_back(std::move(m));
    }
    return r;
}

} // namespace tx
