#pragma once

#include <QListWidget>

#include <vector>

namespace tx {

// The tokens of the sentence as rounded chips that wrap like text, each with its id.
class TokenChips : public QListWidget
{
    Q_OBJECT
public:
    explicit TokenChips(QWidget *parent = nullptr);

    void setTokens(const QStringList &labels, const std::vector<int> &ids);
    QStringList labels() const;

    QSize sizeHint() const override;
};

} // namespace tx
