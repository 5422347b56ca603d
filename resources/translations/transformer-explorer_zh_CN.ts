<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>main</name>
    <message>
        <source>Transformer Explorer window</source>
        <translation>Transformer Explorer 窗口</translation>
    </message>
    <message>
        <source>Start from a built-in preset.</source>
        <translation>从内置预设开始。</translation>
    </message>
    <message>
        <source>Open a design file.</source>
        <translation>打开设计文件。</translation>
    </message>
    <message>
        <source>Ignore the saved window layout and last design.</source>
        <translation>忽略保存的窗口布局和上次的设计。</translation>
    </message>
    <message>
        <source>Window language: en or zh_CN (default: the system&apos;s).</source>
        <translation>窗口语言：en 或 zh_CN（默认跟随系统）。</translation>
    </message>
    <message>
        <source>Start in presentation mode (F11).</source>
        <translation>以演示模式（F11）启动。</translation>
    </message>
    <message>
        <source>Open guided lesson N (1-6) at step 1.</source>
        <translation>打开第 N 节引导课程（1-6），从第 1 步开始。</translation>
    </message>
    <message>
        <source>Open a model file or folder (safetensors, GGUF) on the Model page.</source>
        <translation>在“模型文件”页打开模型文件或文件夹（safetensors、GGUF）。</translation>
    </message>
</context>
<context>
    <name>tx::ArchitectureDiagram</name>
    <message>
        <source>%1 per layer</source>
        <translation>每层 %1</translation>
    </message>
    <message>
        <source>× %1: %2 of the model</source>
        <translation>× %1：占模型 %2</translation>
    </message>
    <message>
        <source>%1 of the model</source>
        <translation>占模型 %1</translation>
    </message>
    <message>
        <source>%1 · %2 parameters</source>
        <translation>%1 · %2 个参数</translation>
    </message>
    <message>
        <source>Custom design</source>
        <translation>自定义设计</translation>
    </message>
    <message>
        <source>%1 · %2 per layer</source>
        <translation>%1 · 每层 %2</translation>
    </message>
    <message>
        <source> · %1 stored (shared)</source>
        <translation> · 实际存储 %1 层（共享）</translation>
    </message>
    <message>
        <source>residual add</source>
        <translation>残差相加</translation>
    </message>
</context>
<context>
    <name>tx::ArchitectureFigure</name>
    <message>
        <source>scale and bias (%1 each)</source>
        <translation>缩放和偏置（各 %1）</translation>
    </message>
    <message>
        <source>scale (%1)</source>
        <translation>缩放（%1）</translation>
    </message>
    <message>
        <source>sees every earlier token</source>
        <translation>看得到之前的每个词元</translation>
    </message>
    <message>
        <source>sliding window of %1 tokens</source>
        <translation>%1 个词元的滑动窗口</translation>
    </message>
    <message>
        <source>chunks of %1 tokens</source>
        <translation>每块 %1 个词元</translation>
    </message>
    <message>
        <source>every earlier token, no RoPE</source>
        <translation>之前的每个词元，不用 RoPE</translation>
    </message>
    <message>
        <source>sees every token (bidirectional)</source>
        <translation>看得到每个词元（双向）</translation>
    </message>
    <message>
        <source>%1 heads · key/value latent %2 · %3</source>
        <translation>%1 个头 · 键/值潜变量 %2 · %3</translation>
    </message>
    <message>
        <source>%1 query heads · %2 KV heads</source>
        <translation>%1 个查询头 · %2 个 KV 头</translation>
    </message>
    <message>
        <source> (%1 queries share each K, V)</source>
        <translation>（每 %1 个查询共用一组 K、V）</translation>
    </message>
    <message>
        <source> · head_dim %1 · %2</source>
        <translation> · head_dim %1 · %2</translation>
    </message>
    <message>
        <source>Cross-attention</source>
        <translation>交叉注意力</translation>
    </message>
    <message>
        <source>Self-attention</source>
        <translation>自注意力</translation>
    </message>
    <message>
        <source>Feed-forward · %1</source>
        <translation>前馈网络 · %1</translation>
    </message>
    <message>
        <source>%1 → %2 → %1</source>
        <translation>%1 → %2 → %1</translation>
    </message>
    <message>
        <source>Experts · %1</source>
        <translation>专家 · %1</translation>
    </message>
    <message>
        <source>%1 routed experts, top-%2</source>
        <translation>%1 个路由专家，top-%2</translation>
    </message>
    <message>
        <source>, + %1 shared</source>
        <translation>，另加 %1 个共享专家</translation>
    </message>
    <message>
        <source> · a token runs %1 of %2 parameters</source>
        <translation> · 每个词元只经过 %2 个参数中的 %1 个</translation>
    </message>
    <message>
        <source>router</source>
        <translation>路由器</translation>
    </message>
    <message>
        <source>expert </source>
        <translation>专家 </translation>
    </message>
    <message>
        <source>shared </source>
        <translation>共享 </translation>
    </message>
    <message>
        <source>before both</source>
        <translation>两者之前</translation>
    </message>
    <message>
        <source>before the FFN</source>
        <translation>前馈网络之前</translation>
    </message>
    <message>
        <source> · in parallel</source>
        <translation> · 并行</translation>
    </message>
    <message>
        <source>before</source>
        <translation>之前</translation>
    </message>
    <message>
        <source>after the add</source>
        <translation>相加之后</translation>
    </message>
    <message>
        <source>after</source>
        <translation>之后</translation>
    </message>
    <message>
        <source>Encoder layer</source>
        <translation>编码器层</translation>
    </message>
    <message>
        <source>MoE layer</source>
        <translation>MoE 层</translation>
    </message>
    <message>
        <source>Dense layer</source>
        <translation>稠密层</translation>
    </message>
    <message>
        <source>Decoder layer</source>
        <translation>解码器层</translation>
    </message>
    <message>
        <source> (layer types alternate)</source>
        <translation>（层类型交替）</translation>
    </message>
    <message>
        <source>%1 (biases, norms)</source>
        <translation>%1（偏置、归一化）</translation>
    </message>
    <message>
        <source>Token embedding</source>
        <translation>词元嵌入</translation>
    </message>
    <message>
        <source>token table</source>
        <translation>词元表</translation>
    </message>
    <message>
        <source>position table</source>
        <translation>位置表</translation>
    </message>
    <message>
        <source>segment table</source>
        <translation>分段表</translation>
    </message>
    <message>
        <source>projection</source>
        <translation>投影</translation>
    </message>
    <message>
        <source>positions: RoPE inside each attention (no table)</source>
        <translation>位置：在每个注意力里用 RoPE（没有位置表）</translation>
    </message>
    <message>
        <source>positions: a learned table of %1</source>
        <translation>位置：学习得到的 %1 行位置表</translation>
    </message>
    <message>
        <source>positions: fixed sinusoids (no parameters)</source>
        <translation>位置：固定的正弦函数（没有参数）</translation>
    </message>
    <message>
        <source>positions: relative buckets in attention</source>
        <translation>位置：注意力里的相对位置桶</translation>
    </message>
    <message>
        <source>no position information</source>
        <translation>没有位置信息</translation>
    </message>
    <message>
        <source>after the embeddings</source>
        <translation>嵌入之后</translation>
    </message>
    <message>
        <source>final</source>
        <translation>最终</translation>
    </message>
    <message>
        <source>Output head → logits</source>
        <translation>输出头 → logits</translation>
    </message>
    <message>
        <source>tied to the token table: no parameters of its own</source>
        <translation>与词元表绑定：没有自己的参数</translation>
    </message>
    <message>
        <source>its own matrix, one score per vocabulary entry</source>
        <translation>独立的矩阵，词表中每个词元一个分数</translation>
    </message>
    <message>
        <source>reuses the token table: 0 new parameters</source>
        <translation>复用词元表：新增 0 个参数</translation>
    </message>
</context>
<context>
    <name>tx::AssumptionArguments</name>
    <message>
        <source>a token count from 0 to 1e16 (e.g. 2e12)</source>
        <translation>0 到 1e16 之间的词元数（例如 2e12）</translation>
    </message>
    <message>
        <source>a fraction in (0, 1], e.g. 0.4</source>
        <translation>(0, 1] 之间的小数，例如 0.4</translation>
    </message>
    <message>
        <source>US dollars per device-hour from 0 to 100000</source>
        <translation>每设备小时的美元价格，0 到 100000</translation>
    </message>
    <message>
        <source>missing file name</source>
        <translation>缺少文件名</translation>
    </message>
    <message>
        <source>unknown device &quot;%1&quot; (known: %2)</source>
        <translation>未知设备“%1”（已知：%2）</translation>
    </message>
    <message>
        <source>a fraction in (0, 1], e.g. 0.5</source>
        <translation>(0, 1] 之间的小数，例如 0.5</translation>
    </message>
    <message>
        <source>expected %1, got &quot;%2&quot;</source>
        <translation>应为 %1，实际为“%2”</translation>
    </message>
    <message>
        <source>an integer from %1 to %2</source>
        <translation>%1 到 %2 之间的整数</translation>
    </message>
</context>
<context>
    <name>tx::AttentionView</name>
    <message>
        <source>Save as PNG or SVG (chosen by the file suffix)</source>
        <translation>保存为 PNG 或 SVG（由文件后缀决定）</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Open checkpoint…</source>
        <translation>打开检查点…</translation>
    </message>
    <message>
        <source>Use the design</source>
        <translation>使用当前设计</translation>
    </message>
    <message>
        <source>Probabilities</source>
        <translation>概率</translation>
    </message>
    <message>
        <source>Pre-softmax scores</source>
        <translation>softmax 前的分数</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Type a sentence — English or 中文 — and press Enter</source>
        <translation>输入一句话（英文或中文均可），然后按 Enter</translation>
    </message>
    <message>
        <source>softmax(q·k/√d): each row sums to 1</source>
        <translation>softmax(q·k/√d)：每行之和为 1</translation>
    </message>
    <message>
        <source>q·k/√d before the softmax; masked cells stay grey because the softmax ignores them</source>
        <translation>softmax 之前的 q·k/√d；被遮蔽的单元格保持灰色，因为 softmax 会忽略它们</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <source>A folder with config.json and model.safetensors (GPT-2 or Llama names), and vocab.json + merges.txt or tokenizer.json if it has them</source>
        <translation>包含 config.json 和 model.safetensors（GPT-2 或 Llama 命名）的文件夹，如有 vocab.json + merges.txt 或 tokenizer.json 也一并使用</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Export head…</source>
        <translation>导出注意力头…</translation>
    </message>
    <message>
        <source>Export grid…</source>
        <translation>导出网格…</translation>
    </message>
    <message>
        <source>Layer:</source>
        <translation>层：</translation>
    </message>
    <message>
        <source>Heads:</source>
        <translation>注意力头：</translation>
    </message>
    <message>
        <source>Export lines…</source>
        <translation>导出连线…</translation>
    </message>
    <message>
        <source>Hover a token on the left to see where it attends; line opacity is the probability.</source>
        <translation>将鼠标悬停在左侧的词元上，查看它关注哪里；连线的不透明度表示概率。</translation>
    </message>
    <message>
        <source>Export encodings…</source>
        <translation>导出编码…</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>注意力头</translation>
    </message>
    <message>
        <source>Entropy (bits)</source>
        <translation>熵（比特）</translation>
    </message>
    <message>
        <source>→ previous token</source>
        <translation>→ 前一词元</translation>
    </message>
    <message>
        <source>→ first token</source>
        <translation>→ 首个词元</translation>
    </message>
    <message>
        <source>Heads</source>
        <translation>注意力头</translation>
    </message>
    <message>
        <source>Lines</source>
        <translation>连线</translation>
    </message>
    <message>
        <source>Positions</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Head summary</source>
        <translation>注意力头摘要</translation>
    </message>
    <message>
        <source>Open checkpoint folder</source>
        <translation>打开检查点文件夹</translation>
    </message>
    <message>
        <source>the current design, random GPT-2-style weights (seed 1)</source>
        <translation>当前设计，随机 GPT-2 风格权重（种子 1）</translation>
    </message>
    <message>
        <source>checkpoint %1</source>
        <translation>检查点 %1</translation>
    </message>
    <message>
        <source>Starting</source>
        <translation>正在启动</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Checkpoint %1, %2 tokenizer.</source>
        <translation>检查点 %1，%2 分词器。</translation>
    </message>
    <message>
        <source>Scaled down to fit the %1 memory cap: %2.</source>
        <translation>已缩小以适应 %1 的内存上限：%2。</translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>H%1</source>
        <translation>H%1</translation>
    </message>
    <message>
        <source>Layer %1: where each token attends</source>
        <translation>第 %1 层：每个词元关注哪里</translation>
    </message>
    <message>
        <source>Export picture</source>
        <translation>导出图片</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG 图片 (*.png);;SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>注意力头</translation>
    </message>
    <message>
        <source>Attention lines</source>
        <translation>注意力连线</translation>
    </message>
    <message>
        <source>Demo model</source>
        <translation>演示模型</translation>
    </message>
    <message>
        <source>The trained model that ships with the program</source>
        <translation>随程序附带的已训练模型</translation>
    </message>
    <message>
        <source>The demo model is trained on Tang poems: its heads learned what to look at. With the design&apos;s random weights, heads show only the architecture&apos;s structure.</source>
        <translation>演示模型在唐诗上训练过：它的注意力头学会了该看哪里。用设计的随机权重时，注意力头只显示架构本身的结构。</translation>
    </message>
    <message>
        <source>the demo model: 3 layers × 8 heads, one token per character, trained on 3,939 Tang poems by this program (scripts/train-demo-model.sh)</source>
        <translation>演示模型：3 层 × 8 个头，每个字一个词元，由本程序在 3,939 首唐诗上训练（scripts/train-demo-model.sh）</translation>
    </message>
    <message>
        <source>The demo model, %1 tokenizer.</source>
        <translation>演示模型，%1 分词器。</translation>
    </message>
    <message>
        <source>Experts</source>
        <translation>专家</translation>
    </message>
    <message>
        <source>Cross-attention</source>
        <translation>交叉注意力</translation>
    </message>
    <message>
        <source>%1 encoder + %2 decoder layers</source>
        <translation>%1 层编码器 + %2 层解码器</translation>
    </message>
    <message>
        <source>%1 layers</source>
        <translation>%1 层</translation>
    </message>
    <message>
        <source>%1 tokens through %2 × %3 heads, d_model %4, %5 of float32 weights, in %6 s.</source>
        <translation>%1 个词元经过 %2 × %3 个头，d_model %4，%5 的 float32 权重，用时 %6 s。</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Cancelled before %1 was shown. Still showing %2.</source>
        <translation>已在显示%1之前取消。仍在显示%2。</translation>
    </message>
</context>
<context>
    <name>tx::AttentionWorker</name>
    <message>
        <source>Loading %1</source>
        <translation>正在加载 %1</translation>
    </message>
    <message>
        <source>Fitting the design under the memory cap</source>
        <translation>正在将设计缩小到内存上限以内</translation>
    </message>
    <message>
        <source>Allocating %1 of float32 weights</source>
        <translation>正在分配 %1 的 float32 权重</translation>
    </message>
    <message>
        <source>Initialising weights (GPT-2 style, seed %1)</source>
        <translation>正在初始化权重（GPT-2 风格，种子 %1）</translation>
    </message>
    <message>
        <source>Type a sentence first.</source>
        <translation>请先输入一句话。</translation>
    </message>
    <message>
        <source>vocab_size: the %1 tokenizer needs a vocabulary of at least %2 tokens, the model has %3</source>
        <translation>vocab_size：%1 分词器需要至少 %2 个词元的词表，而模型只有 %3</translation>
    </message>
    <message>
        <source>text: %1 tokens, but the model reads at most %2</source>
        <translation>文本：%1 个词元，但模型最多读取 %2 个</translation>
    </message>
    <message>
        <source>Ran layer %1 of %2</source>
        <translation>已运行第 %1 层（共 %2 层）</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>⟨start⟩</source>
        <translation>⟨起始⟩</translation>
    </message>
    <message>
        <source>Reading the weights: %1 of %2</source>
        <translation>正在读取权重：%1 / %2</translation>
    </message>
</context>
<context>
    <name>tx::Autosave</name>
    <message>
        <source>Restore design</source>
        <translation>恢复设计</translation>
    </message>
    <message>
        <source>Transformer Explorer closed unexpectedly. Restore the design you were working on (edited %1)?</source>
        <translation>Transformer Explorer 意外关闭。要恢复您正在编辑的设计吗（编辑于 %1）？</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>丢弃</translation>
    </message>
    <message>
        <source>Restore autosaved design</source>
        <translation>恢复自动保存的设计</translation>
    </message>
</context>
<context>
    <name>tx::CalibrateCommand</name>
    <message>
        <source>expected an integer from %1 to %2, got &quot;%3&quot;</source>
        <translation>应为 %1 到 %2 之间的整数，实际为“%3”</translation>
    </message>
    <message>
        <source>expected text or json, got &quot;%1&quot;</source>
        <translation>应为 text 或 json，实际为“%1”</translation>
    </message>
    <message>
        <source>unknown option</source>
        <translation>未知选项</translation>
    </message>
    <message>
        <source>%1 on %2 (%3, %4 threads of %5 GFLOP/s, %6 GB/s; load average %7)</source>
        <translation>%1 在 %2 上（%3，%4 个线程，每个 %5 GFLOP/s，%6 GB/s；平均负载 %7）</translation>
    </message>
    <message>
        <source>design</source>
        <translation>设计</translation>
    </message>
    <message>
        <source>scaled down: %1</source>
        <translation>已缩小：%1</translation>
    </message>
    <message>
        <source>not trained by the engine: %1</source>
        <translation>引擎不训练此设计：%1</translation>
    </message>
    <message>
        <source>%1 sequences of %2 tokens; decode %3 tokens after %4; median of %5</source>
        <translation>%1 个序列，每个 %2 个词元；在 %4 个词元后解码 %3 个；取 %5 次的中位数</translation>
    </message>
    <message>
        <source>figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>error</source>
        <translation>误差</translation>
    </message>
</context>
<context>
    <name>tx::CalibrationDialog</name>
    <message>
        <source>Measuring this computer and running the design…</source>
        <translation>正在测量这台计算机并运行设计…</translation>
    </message>
    <message>
        <source>Running a smaller design of the same family (%1)…</source>
        <translation>正在运行同一系列的较小设计（%1）…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Could not run the design: %1</source>
        <translation>无法运行设计：%1</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>%1 on %2: %3 threads of %4 GFLOP/s (%5), %6 GB/s memory; load average %7 when measured.</source>
        <translation>%1 在 %2 上：%3 个线程，每个 %4 GFLOP/s（%5），内存 %6 GB/s；测量时平均负载 %7。</translation>
    </message>
    <message>
        <source>The design</source>
        <translation>该设计</translation>
    </message>
    <message>
        <source>this computer</source>
        <translation>这台计算机</translation>
    </message>
    <message>
        <source>Scaled down to fit the engine: %1.</source>
        <translation>为适应引擎已缩小：%1。</translation>
    </message>
    <message>
        <source>The engine does not train this design, so the training rows are left out.</source>
        <translation>引擎不训练此设计，因此省略训练相关的行。</translation>
    </message>
    <message>
        <source>Check against this computer</source>
        <translation>在这台计算机上核对</translation>
    </message>
    <message>
        <source>Runs %1 in the engine on this computer — a forward pass, a training step and decoding — and sets the time and memory it measures beside what the estimator predicts for the same shape on this CPU&apos;s measured peak.</source>
        <translation>在这台计算机上用引擎运行 %1——一次前向传播、一个训练步和解码——并把实测的时间和内存与估算器按同一形状、以本机 CPU 实测峰值给出的预测并列显示。</translation>
    </message>
    <message>
        <source>the design</source>
        <translation>该设计</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>误差</translation>
    </message>
    <message>
        <source>How it was predicted</source>
        <translation>预测方法</translation>
    </message>
    <message>
        <source>Error = (predicted − measured) / measured. Times are medians of several runs; memory is the engine&apos;s own allocations, and for the training peak the rise of this process&apos;s resident memory, which also holds what the estimator leaves out (temporaries, allocator slack). Byte figures in decimal units (1 MB = 10⁶ bytes).</source>
        <translation>误差 =（预测 − 实测）/ 实测。时间是多次运行的中位数；内存是引擎自身的分配，训练峰值则是本进程常驻内存的增长，其中也包含估算器忽略的部分（临时缓冲、分配器余量）。字节数使用十进制单位（1 MB = 10⁶ 字节）。</translation>
    </message>
    <message>
        <source>Run again</source>
        <translation>再次运行</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
</context>
<context>
    <name>tx::Calibrator</name>
    <message>
        <source>expected an integer from %1 to %2, got %3</source>
        <translation>应为 %1 到 %2 之间的整数，实际为 %3</translation>
    </message>
    <message>
        <source>expected at least 1 MB of weights</source>
        <translation>权重至少应为 1 MB</translation>
    </message>
    <message>
        <source>Forward pass</source>
        <translation>前向传播</translation>
    </message>
    <message>
        <source>Training step</source>
        <translation>训练步</translation>
    </message>
    <message>
        <source>Decode, per token</source>
        <translation>解码（每个词元）</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>AdamW moments</source>
        <translation>AdamW 矩估计</translation>
    </message>
    <message>
        <source>Activation cache</source>
        <translation>激活缓存</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>Training peak memory</source>
        <translation>训练峰值内存</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>%1%2 %</source>
        <translation>%1%2 %</translation>
    </message>
    <message>
        <source>roofline at %1 GFLOP/s (%2 threads) and %3 GB/s</source>
        <translation>按 %1 GFLOP/s（%2 个线程）和 %3 GB/s 的屋顶线模型</translation>
    </message>
    <message>
        <source>%1 × %2 tokens, %3</source>
        <translation>%1 × %2 个词元，%3</translation>
    </message>
    <message>
        <source>%1 × %2 tokens, 3 × forward FLOPs at %3 GFLOP/s × MFU %4 %</source>
        <translation>%1 × %2 个词元，3 × 前向 FLOPs，按 %3 GFLOP/s × MFU %4 %</translation>
    </message>
    <message>
        <source>one token at the mean context of %1 tokens (prompt %2 + %3 of %4 generated), %5</source>
        <translation>平均上下文为 %1 个词元时的一个词元（提示词 %2 + 已生成 %4 个中的 %3 个），%5</translation>
    </message>
    <message>
        <source>4 bytes per parameter</source>
        <translation>每个参数 4 字节</translation>
    </message>
    <message>
        <source>8 bytes per parameter (m and v)</source>
        <translation>每个参数 8 字节（m 和 v）</translation>
    </message>
    <message>
        <source>Korthikanti et al. 2022 eq. 2 at 4 bytes per value, %1 layers</source>
        <translation>Korthikanti 等 2022 式 2，每个值 4 字节，%1 层</translation>
    </message>
    <message>
        <source>%1 tokens at 4 bytes per value</source>
        <translation>%1 个词元，每个值 4 字节</translation>
    </message>
    <message>
        <source>weights + gradients + moments + activations; measured as the rise of resident memory</source>
        <translation>权重 + 梯度 + 矩估计 + 激活；实测为常驻内存的增长</translation>
    </message>
</context>
<context>
    <name>tx::CharTokenizer</name>
    <message>
        <source>not a character-level tokenizer (a BPE model without merges, with byte_fallback, no normalizer and no pre-tokenizer)</source>
        <translation>不是字符级分词器（应为没有合并规则、启用 byte_fallback、没有规范化器和预分词器的 BPE 模型）</translation>
    </message>
    <message>
        <source>ids must run from 0 to %1 without gaps</source>
        <translation>编号必须从 0 连续到 %1</translation>
    </message>
    <message>
        <source>id %1 is used twice</source>
        <translation>编号 %1 被用了两次</translation>
    </message>
    <message>
        <source>ids 0–255 must be the byte tokens &lt;0x00&gt;…&lt;0xFF&gt;</source>
        <translation>编号 0–255 必须是字节词元 &lt;0x00&gt;…&lt;0xFF&gt;</translation>
    </message>
    <message>
        <source>a token from id 256 on must be one character</source>
        <translation>编号 256 起的词元必须是单个字符</translation>
    </message>
    <message>
        <source>needs the 256 byte tokens, has %1 entries</source>
        <translation>需要 256 个字节词元，只有 %1 项</translation>
    </message>
    <message>
        <source>expected a token text used once</source>
        <translation>应为只出现一次的词元文本</translation>
    </message>
    <message>
        <source>expected %1: special tokens follow the vocabulary&apos;s %2 entries in order</source>
        <translation>应为 %1：特殊词元按顺序排在词表的 %2 项之后</translation>
    </message>
    <message>
        <source>at most %1 special tokens, this file has %2</source>
        <translation>特殊词元最多 %1 个，此文件有 %2 个</translation>
    </message>
</context>
<context>
    <name>tx::ChartCommand</name>
    <message>
        <source>unknown chart &quot;%1&quot; (expected %2)</source>
        <translation>未知图表“%1”（应为 %2）</translation>
    </message>
    <message>
        <source>name a chart: %1</source>
        <translation>请指定图表：%1</translation>
    </message>
    <message>
        <source>unknown option</source>
        <translation>未知选项</translation>
    </message>
</context>
<context>
    <name>tx::ChartPanel</name>
    <message>
        <source>Export as &amp;PNG…</source>
        <translation>导出为 PNG(&amp;P)…</translation>
    </message>
    <message>
        <source>Export as &amp;SVG…</source>
        <translation>导出为 SVG(&amp;S)…</translation>
    </message>
    <message>
        <source>1600 × 1000 (slides)</source>
        <translation>1600 × 1000（幻灯片）</translation>
    </message>
    <message>
        <source>3200 × 2000 (print)</source>
        <translation>3200 × 2000（打印）</translation>
    </message>
    <message>
        <source>800 × 500 (web)</source>
        <translation>800 × 500（网页）</translation>
    </message>
    <message>
        <source>As shown (%1 × %2)</source>
        <translation>与屏幕一致（%1 × %2）</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>Image size in pixels:</source>
        <translation>图片尺寸（像素）：</translation>
    </message>
    <message>
        <source>Export chart as PNG</source>
        <translation>将图表导出为 PNG</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <source>Export chart as SVG</source>
        <translation>将图表导出为 SVG</translation>
    </message>
    <message>
        <source>SVG drawings (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>Export as P&amp;DF…</source>
        <translation>导出为 PDF(&amp;D)…</translation>
    </message>
    <message>
        <source>&amp;Copy as Image</source>
        <translation>复制为图片(&amp;C)</translation>
    </message>
    <message>
        <source>Resolution in dots per inch:</source>
        <translation>分辨率（每英寸点数）：</translation>
    </message>
    <message>
        <source>Export chart as PDF</source>
        <translation>将图表导出为 PDF</translation>
    </message>
    <message>
        <source>PDF documents (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
</context>
<context>
    <name>tx::ChartWriter</name>
    <message>
        <source>must be between 16 and 16384 pixels</source>
        <translation>必须在 16 到 16384 像素之间</translation>
    </message>
    <message>
        <source>must be between 36 and 1200</source>
        <translation>必须在 36 到 1200 之间</translation>
    </message>
    <message>
        <source>Exported from Transformer Explorer</source>
        <translation>由 Transformer Explorer 导出</translation>
    </message>
    <message>
        <source>unknown image type &quot;%1&quot; (expected .png, .svg or .pdf)</source>
        <translation>未知的图片类型“%1”（应为 .png、.svg 或 .pdf）</translation>
    </message>
    <message>
        <source>cannot write the file: %1</source>
        <translation>无法写入文件：%1</translation>
    </message>
</context>
<context>
    <name>tx::CheckpointCommand</name>
    <message>
        <source>fp8 e4m3 with %1 scales per %2 × %3 block, %4 tensors</source>
        <translation>fp8 e4m3，每个 %2 × %3 块一个 %1 缩放，%4 个张量</translation>
    </message>
    <message>
        <source>MXFP4 blocks and scales, %1 tensors</source>
        <translation>MXFP4 块与缩放，%1 个张量</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>expected text or json, got &quot;%1&quot;</source>
        <translation>应为 text 或 json，实际为“%1”</translation>
    </message>
    <message>
        <source>expected the folder to write into</source>
        <translation>应给出要写入的文件夹</translation>
    </message>
    <message>
        <source>applies to --save</source>
        <translation>只用于 --save</translation>
    </message>
    <message>
        <source>expected megabytes from 0 to 1000000, got &quot;%1&quot;</source>
        <translation>应为 0 到 1000000 之间的兆字节数，实际为“%1”</translation>
    </message>
    <message>
        <source>unknown option</source>
        <translation>未知选项</translation>
    </message>
    <message>
        <source>give one checkpoint folder or .safetensors file</source>
        <translation>请给出一个检查点文件夹或 .safetensors 文件</translation>
    </message>
    <message>
        <source>Model type</source>
        <translation>模型类型</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>Carried, not run</source>
        <translation>保留但不运行</translation>
    </message>
    <message>
        <source>%1 parameters: %2</source>
        <translation>%1 个参数：%2</translation>
    </message>
    <message>
        <source>Weights SHA-256</source>
        <translation>权重 SHA-256</translation>
    </message>
    <message>
        <source>Float tensors</source>
        <translation>浮点张量</translation>
    </message>
    <message>
        <source>mostly %1 (mixed)</source>
        <translation>大多为 %1（混合）</translation>
    </message>
    <message>
        <source>Quantised</source>
        <translation>量化</translation>
    </message>
    <message>
        <source>Saved %1 (%2 bytes) to %3, floats as %4%5</source>
        <translation>已将 %1（%2 字节）保存到 %3，浮点张量为 %4%5</translation>
    </message>
    <message>
        <source>, quantised tensors as loaded</source>
        <translation>，量化张量保持读入时的格式</translation>
    </message>
</context>
<context>
    <name>tx::CheckpointResave</name>
    <message>
        <source>cannot read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>%1 bytes, more than a tokenizer file holds</source>
        <translation>%1 字节，超出分词器文件应有的大小</translation>
    </message>
    <message>
        <source>cannot write: %1</source>
        <translation>无法写入：%1</translation>
    </message>
    <message>
        <source>expected keep, f32, f16 or bf16, got &quot;%1&quot;</source>
        <translation>应为 keep、f32、f16 或 bf16，实际为“%1”</translation>
    </message>
    <message>
        <source>no such file or folder</source>
        <translation>没有该文件或文件夹</translation>
    </message>
    <message>
        <source>cannot open the config.json that must sit beside the weights</source>
        <translation>无法打开必须与权重放在一起的 config.json</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
</context>
<context>
    <name>tx::CheckpointSaveButton</name>
    <message>
        <source>Save checkpoint</source>
        <translation>保存检查点</translation>
    </message>
    <message>
        <source>The checkpoint could not be saved.</source>
        <translation>无法保存该检查点。</translation>
    </message>
    <message>
        <source>Save checkpoint into folder</source>
        <translation>将检查点保存到文件夹</translation>
    </message>
    <message>
        <source>Saving %1 to %2</source>
        <translation>正在将 %1 保存到 %2</translation>
    </message>
    <message>
        <source>Save checkpoint as…</source>
        <translation>检查点另存为…</translation>
    </message>
    <message>
        <source>Write the loaded checkpoint into another folder: config.json, model.safetensors (quantised tensors as they were loaded, the others at the file&apos;s precision) and its tokenizer files</source>
        <translation>将已载入的检查点写入另一个文件夹：config.json、model.safetensors（量化张量保持读入时的格式，其余张量保持文件的精度）及其分词器文件</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>tx::CheckpointSaveWorker</name>
    <message>
        <source>Reading %1</source>
        <translation>正在读取 %1</translation>
    </message>
    <message>
        <source>Writing model.safetensors: %1 of %2</source>
        <translation>正在写入 model.safetensors：%1 / %2</translation>
    </message>
    <message>
        <source>Saved</source>
        <translation>已保存</translation>
    </message>
</context>
<context>
    <name>tx::ComparisonView</name>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>Active per token</source>
        <translation>每词元激活参数</translation>
    </message>
    <message>
        <source>Weights memory</source>
        <translation>权重内存</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>键值缓存</translation>
    </message>
    <message>
        <source>Memory to run</source>
        <translation>运行所需内存</translation>
    </message>
    <message>
        <source>Memory to train</source>
        <translation>训练所需内存</translation>
    </message>
    <message>
        <source>Compute per token</source>
        <translation>每词元算力</translation>
    </message>
    <message>
        <source>Training compute</source>
        <translation>训练算力</translation>
    </message>
    <message>
        <source>Writing speed (tokens/s)</source>
        <translation>生成速度（词元/秒）</translation>
    </message>
    <message>
        <source>Training time</source>
        <translation>训练时间</translation>
    </message>
    <message>
        <source>Training cost</source>
        <translation>训练成本</translation>
    </message>
    <message>
        <source>Predicted loss (nats/token)</source>
        <translation>预测损失（奈特/词元）</translation>
    </message>
    <message>
        <source>&amp;Pin this design as A</source>
        <translation>把此设计固定为 A(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Clear pin</source>
        <translation>取消固定(&amp;C)</translation>
    </message>
    <message>
        <source>A (pinned)</source>
        <translation>A（已固定）</translation>
    </message>
    <message>
        <source>B (editing)</source>
        <translation>B（编辑中）</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>Change (%)</source>
        <translation>变化（%）</translation>
    </message>
    <message>
        <source>custom design</source>
        <translation>自定义设计</translation>
    </message>
    <message>
        <source>A: %1, pinned. B: the design you are editing; the charts show both.</source>
        <translation>A：%1，已固定。B：正在编辑的设计；图表同时显示两者。</translation>
    </message>
    <message>
        <source>Pin the current design as A, then change the knobs: B follows your edits and the table shows what changed.</source>
        <translation>把当前设计固定为 A，然后调整参数：B 跟随你的修改，表格显示变化。</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>same</source>
        <translation>相同</translation>
    </message>
</context>
<context>
    <name>tx::ComponentNames</name>
    <message>
        <source>Whole model</source>
        <translation>整个模型</translation>
    </message>
    <message>
        <source>Embeddings</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <source>Token table</source>
        <translation>词元嵌入表</translation>
    </message>
    <message>
        <source>Position table</source>
        <translation>位置嵌入表</translation>
    </message>
    <message>
        <source>Segment table</source>
        <translation>片段嵌入表</translation>
    </message>
    <message>
        <source>Embedding projection</source>
        <translation>嵌入投影</translation>
    </message>
    <message>
        <source>Encoder</source>
        <translation>编码器</translation>
    </message>
    <message>
        <source>Decoder</source>
        <translation>解码器</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>Cross-attention</source>
        <translation>交叉注意力</translation>
    </message>
    <message>
        <source>Feed-forward (MLP)</source>
        <translation>前馈网络（MLP）</translation>
    </message>
    <message>
        <source>Experts (MoE)</source>
        <translation>专家（MoE）</translation>
    </message>
    <message>
        <source>Norms</source>
        <translation>归一化层</translation>
    </message>
    <message>
        <source>Norm</source>
        <translation>归一化</translation>
    </message>
    <message>
        <source>Final norm</source>
        <translation>最终归一化</translation>
    </message>
    <message>
        <source>Output head</source>
        <translation>输出头</translation>
    </message>
    <message>
        <source>Pooler</source>
        <translation>池化层</translation>
    </message>
    <message>
        <source>Router</source>
        <translation>路由器</translation>
    </message>
    <message>
        <source>Routed experts</source>
        <translation>路由专家</translation>
    </message>
    <message>
        <source>Shared experts</source>
        <translation>共享专家</translation>
    </message>
    <message>
        <source>Relative position bias</source>
        <translation>相对位置偏置</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Bias</source>
        <translation>偏置</translation>
    </message>
    <message>
        <source>Width (d_model)</source>
        <translation>隐藏维度（d_model）</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Decoder layers</source>
        <translation>解码器层数</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>注意力头</translation>
    </message>
    <message>
        <source>Key/value heads</source>
        <translation>键值头</translation>
    </message>
    <message>
        <source>Head size</source>
        <translation>头维度</translation>
    </message>
    <message>
        <source>FFN width (d_ff)</source>
        <translation>前馈网络宽度（d_ff）</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表</translation>
    </message>
    <message>
        <source>Context length</source>
        <translation>上下文长度</translation>
    </message>
    <message>
        <source>Embedding size</source>
        <translation>嵌入维度</translation>
    </message>
    <message>
        <source>Layers per shared group</source>
        <translation>每个共享组的层数</translation>
    </message>
    <message>
        <source>Experts</source>
        <translation>专家数</translation>
    </message>
    <message>
        <source>Experts per token</source>
        <translation>每词元专家数</translation>
    </message>
    <message>
        <source>LoRA rank</source>
        <translation>LoRA 秩</translation>
    </message>
    <message>
        <source>Weight precision</source>
        <translation>权重精度</translation>
    </message>
    <message>
        <source>KV cache precision</source>
        <translation>键值缓存精度</translation>
    </message>
    <message>
        <source>Tied embeddings</source>
        <translation>嵌入共享</translation>
    </message>
    <message>
        <source>Layer sharing</source>
        <translation>层间权重共享</translation>
    </message>
    <message>
        <source>Query down-projection (MLA)</source>
        <translation>查询降维投影（MLA）</translation>
    </message>
    <message>
        <source>Query latent norm (MLA)</source>
        <translation>查询潜向量归一化（MLA）</translation>
    </message>
    <message>
        <source>Query up-projection (MLA)</source>
        <translation>查询升维投影（MLA）</translation>
    </message>
    <message>
        <source>Key/value down-projection (MLA)</source>
        <translation>键/值降维投影（MLA）</translation>
    </message>
    <message>
        <source>Key/value latent norm (MLA)</source>
        <translation>键/值潜向量归一化（MLA）</translation>
    </message>
    <message>
        <source>Key/value up-projection (MLA)</source>
        <translation>键/值升维投影（MLA）</translation>
    </message>
    <message>
        <source>Query norm</source>
        <translation>查询归一化</translation>
    </message>
    <message>
        <source>Key norm</source>
        <translation>键归一化</translation>
    </message>
    <message>
        <source>Attention sinks</source>
        <translation>注意力汇</translation>
    </message>
    <message>
        <source>Routing correction bias</source>
        <translation>路由校正偏置</translation>
    </message>
    <message>
        <source>Attention per layer</source>
        <translation>逐层注意力</translation>
    </message>
    <message>
        <source>Sliding window</source>
        <translation>滑动窗口</translation>
    </message>
    <message>
        <source>Attention chunk</source>
        <translation>注意力分块</translation>
    </message>
    <message>
        <source>Query/key norm</source>
        <translation>查询/键归一化</translation>
    </message>
    <message>
        <source>MLA key/value latent</source>
        <translation>MLA 键/值潜向量</translation>
    </message>
    <message>
        <source>MLA query latent</source>
        <translation>MLA 查询潜向量</translation>
    </message>
    <message>
        <source>Expert width</source>
        <translation>专家宽度</translation>
    </message>
    <message>
        <source>Dense first layers</source>
        <translation>前置稠密层</translation>
    </message>
    <message>
        <source>Dense layers</source>
        <translation>稠密层</translation>
    </message>
    <message>
        <source>Multi-token prediction modules</source>
        <translation>多 token 预测模块</translation>
    </message>
</context>
<context>
    <name>tx::ComputeFigure</name>
    <message>
        <source>Speed limit of the device (roofline)</source>
        <translation>设备的速度上限（屋顶线）</translation>
    </message>
    <message>
        <source>Prefill</source>
        <translation>预填充</translation>
    </message>
    <message>
        <source>Decode</source>
        <translation>解码</translation>
    </message>
    <message>
        <source>arithmetic intensity (FLOP/byte)</source>
        <translation>算术强度（FLOP/字节）</translation>
    </message>
    <message>
        <source>attainable speed (TFLOP/s)</source>
        <translation>可达速度（TFLOP/s）</translation>
    </message>
    <message>
        <source>Roof: %1 TFLOP/s, %2 TB/s</source>
        <translation>屋顶：%1 TFLOP/s，%2 TB/s</translation>
    </message>
    <message>
        <source>Speed limit of %1 (roofline)</source>
        <translation>%1 的速度上限（屋顶线）</translation>
    </message>
</context>
<context>
    <name>tx::ComputeView</name>
    <message>
        <source>Compute per generated token</source>
        <translation>每生成一个词元的算力</translation>
    </message>
    <message>
        <source>Compute per training token</source>
        <translation>每个训练词元的算力</translation>
    </message>
    <message>
        <source>Training compute</source>
        <translation>训练算力</translation>
    </message>
    <message>
        <source>Reading the prompt (all users)</source>
        <translation>读取提示词（所有用户）</translation>
    </message>
    <message>
        <source>Time to read the prompt</source>
        <translation>读取提示词的时间</translation>
    </message>
    <message>
        <source>Writing speed (all users)</source>
        <translation>生成速度（所有用户）</translation>
    </message>
    <message>
        <source>Training time</source>
        <translation>训练时间</translation>
    </message>
    <message>
        <source>Device-hours</source>
        <translation>设备小时</translation>
    </message>
    <message>
        <source>Training cost</source>
        <translation>训练成本</translation>
    </message>
    <message>
        <source>Show how this is computed</source>
        <translation>查看计算过程</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 词元/秒</translation>
    </message>
    <message>
        <source>Check against this computer…</source>
        <translation>在这台计算机上核对…</translation>
    </message>
    <message>
        <source>Run the design (scaled down when needed) in the engine here and compare the time and memory it takes with the estimate</source>
        <translation>在本机用引擎运行该设计（必要时缩小），把所用的时间和内存与估算相比较</translation>
    </message>
    <message>
        <source>%1 on %2× %3</source>
        <translation>%1，在 %2× %3 上</translation>
    </message>
</context>
<context>
    <name>tx::ConcurrencyFigure</name>
    <message>
        <source>Decode speed against concurrent users</source>
        <translation>解码速度与并发用户数</translation>
    </message>
    <message>
        <source>users decoding at once</source>
        <translation>同时解码的用户数</translation>
    </message>
    <message>
        <source>tokens/s per user</source>
        <translation>每用户 token/秒</translation>
    </message>
    <message>
        <source>tokens/s, all users</source>
        <translation>全部用户 token/秒</translation>
    </message>
    <message>
        <source>Per user</source>
        <translation>每用户</translation>
    </message>
    <message>
        <source>All users together</source>
        <translation>全部用户合计</translation>
    </message>
    <message>
        <source>Memory limit</source>
        <translation>内存上限</translation>
    </message>
    <message>
        <source>Decode speed against concurrent users on %1 × %2</source>
        <translation>%1 × %2 上的解码速度与并发用户数</translation>
    </message>
    <message>
        <source>Memory limit: %1 users at most</source>
        <translation>内存上限：最多 %1 个用户</translation>
    </message>
    <message>
        <source>On %1 × %2 up to %3 users of %4 tokens fit (%5). At the limit each user gets %6 tokens/s, %7 tokens/s in all; one user alone gets %8 tokens/s.</source>
        <translation>在 %1 × %2 上最多可容纳 %3 个 %4 token 的用户（%5）。达到上限时每个用户 %6 token/秒，合计 %7 token/秒；单个用户独占时为 %8 token/秒。</translation>
    </message>
</context>
<context>
    <name>tx::ConfigValidator</name>
    <message>
        <source>must be between %1 and %2 (is %3)</source>
        <translation>必须在 %1 到 %2 之间（当前为 %3）</translation>
    </message>
    <message>
        <source>d_model (%1) is not divisible by n_heads (%2); set head_dim explicitly or pick a divisor</source>
        <translation>d_model（%1）不能被 n_heads（%2）整除；请显式设置 head_dim，或选一个约数</translation>
    </message>
    <message>
        <source>n_kv_heads (%1) cannot exceed n_heads (%2)</source>
        <translation>n_kv_heads（%1）不能超过 n_heads（%2）</translation>
    </message>
    <message>
        <source>n_heads (%1) is not divisible by n_kv_heads (%2): each key/value head must serve the same number of query heads</source>
        <translation>n_heads（%1）不能被 n_kv_heads（%2）整除：每个键值头必须服务相同数量的查询头</translation>
    </message>
    <message>
        <source>must be in (0, 1]</source>
        <translation>必须在 (0, 1] 之内</translation>
    </message>
    <message>
        <source>must be positive and below 10^12</source>
        <translation>必须为正数且小于 10^12</translation>
    </message>
    <message>
        <source>top-k (%1) must be between 1 and the number of experts (%2)</source>
        <translation>top-k（%1）必须在 1 与专家数（%2）之间</translation>
    </message>
    <message>
        <source>multi-token prediction needs a decoder-only layout</source>
        <translation>多 token 预测需要仅解码器布局</translation>
    </message>
    <message>
        <source>must be 0 (off) or a positive cap below 10^9</source>
        <translation>须为 0（关闭）或小于 10^9 的正上限</translation>
    </message>
    <message>
        <source>the KV cache is stored in fp32, fp16, bf16, fp8, int8 or int4 (got %1)</source>
        <translation>KV 缓存只能以 fp32、fp16、bf16、fp8、int8 或 int4 存储（实际为 %1）</translation>
    </message>
    <message>
        <source>a per-layer attention list needs one stack, not encoder-decoder</source>
        <translation>逐层注意力列表需要单一堆栈，不能用于编码器-解码器</translation>
    </message>
    <message>
        <source>has %1 entries; it needs one per layer (%2)</source>
        <translation>有 %1 项；每层需要一项（%2）</translation>
    </message>
    <message>
        <source>sliding layers need a window of at least 1 token</source>
        <translation>滑动窗口层需要至少 1 个 token 的窗口</translation>
    </message>
    <message>
        <source>chunked layers need a chunk of at least 1 token</source>
        <translation>分块注意力层需要至少 1 个 token 的块</translation>
    </message>
    <message>
        <source>query/key heads need at least one dimension</source>
        <translation>查询/键的头至少需要一个维度</translation>
    </message>
    <message>
        <source>LoRA adapters are counted for multi-head attention, not MLA</source>
        <translation>LoRA 适配器只按多头注意力计数，不支持 MLA</translation>
    </message>
    <message>
        <source>MLA normalises its latents instead; set qk_norm to none</source>
        <translation>MLA 改为对其潜向量做归一化；请将 qk_norm 设为 none</translation>
    </message>
    <message>
        <source>layer %1 is not a layer of the stack (0 to %2)</source>
        <translation>第 %1 层不在堆栈内（0 到 %2）</translation>
    </message>
    <message>
        <source>must be a finite number</source>
        <translation>必须是有限的数</translation>
    </message>
    <message>
        <source>must be in (0, 1000]</source>
        <translation>必须在 (0, 1000] 之内</translation>
    </message>
    <message>
        <source>every factor must be positive and below 10^9</source>
        <translation>每个系数都必须为正且小于 10^9</translation>
    </message>
    <message>
        <source>must be 0 (as rope_theta) or positive and below 10^12</source>
        <translation>必须为 0（与 rope_theta 相同）或小于 10^12 的正数</translation>
    </message>
    <message>
        <source>must be at least 1 and at most 10^6</source>
        <translation>必须不小于 1 且不大于 10^6</translation>
    </message>
    <message>
        <source>the attention factor and the mscales must be 0 (derived) or positive</source>
        <translation>注意力系数和各 mscale 必须为 0（自动推导）或正数</translation>
    </message>
    <message>
        <source>llama3 scaling needs 0 &lt; low_freq_factor &lt;= high_freq_factor</source>
        <translation>llama3 缩放要求 0 &lt; low_freq_factor &lt;= high_freq_factor</translation>
    </message>
    <message>
        <source>yarn&apos;s beta_fast and beta_slow must be positive</source>
        <translation>yarn 的 beta_fast 和 beta_slow 必须为正数</translation>
    </message>
    <message>
        <source>longrope needs a short and a long factor for each rotated pair</source>
        <translation>longrope 需要为每个旋转维度对各给一个短系数和一个长系数</translation>
    </message>
</context>
<context>
    <name>tx::Corpus</name>
    <message>
        <source>no such file (bundled corpora: tang-poems, carroll-alice)</source>
        <translation>没有该文件（内置语料：tang-poems、carroll-alice）</translation>
    </message>
    <message>
        <source>larger than 64 MB</source>
        <translation>大于 64 MB</translation>
    </message>
</context>
<context>
    <name>tx::CrossAttentionPanel</name>
    <message>
        <source>Cross-attention · decoder layer %1 · head %2: %3 decoder tokens over %4 encoder tokens</source>
        <translation>交叉注意力 · 解码器第 %1 层 · 第 %2 头：%3 个解码器词元对 %4 个编码器词元</translation>
    </message>
    <message>
        <source>decoder token (query)</source>
        <translation>解码器词元（查询）</translation>
    </message>
    <message>
        <source>encoder token (key)</source>
        <translation>编码器词元（键）</translation>
    </message>
    <message>
        <source>Decoder layer %1</source>
        <translation>解码器第 %1 层</translation>
    </message>
    <message>
        <source>Head %1</source>
        <translation>第 %1 头</translation>
    </message>
    <message>
        <source>Layer:</source>
        <translation>层：</translation>
    </message>
    <message>
        <source>Head:</source>
        <translation>注意力头：</translation>
    </message>
    <message>
        <source>Each decoder token (a row) attends over the output of the encoder&apos;s %1 layers, one column per input token; rows sum to 1 and nothing is masked. The keys and values come from the encoder&apos;s output once, so decoding token by token reuses them (T5&apos;s EncDecAttention, Raffel et al. 2019). The decoder reads the text shifted right behind its start token.</source>
        <translation>每个解码器词元（一行）关注编码器 %1 层的输出，每个输入词元一列；每行之和为 1，没有任何遮盖。键和值由编码器输出只计算一次，逐词元解码时反复使用（T5 的 EncDecAttention，Raffel 等，2019）。解码器读入右移一位、以起始词元开头的文本。</translation>
    </message>
    <message>
        <source>Encoder self-attention · layer %1 · head %2: %3 tokens, each seeing every other</source>
        <translation>编码器自注意力 · 第 %1 层 · 第 %2 头：%3 个词元，彼此都能看见</translation>
    </message>
    <message>
        <source>encoder token (query)</source>
        <translation>编码器词元（查询）</translation>
    </message>
    <message>
        <source>Encoder layer %1</source>
        <translation>编码器第 %1 层</translation>
    </message>
    <message>
        <source>Show:</source>
        <translation>显示：</translation>
    </message>
    <message>
        <source>Cross-attention (decoder over encoder)</source>
        <translation>交叉注意力（解码器对编码器）</translation>
    </message>
    <message>
        <source>Encoder self-attention</source>
        <translation>编码器自注意力</translation>
    </message>
</context>
<context>
    <name>tx::DesignArguments</name>
    <message>
        <source>give only one design source</source>
        <translation>只能给出一个设计来源</translation>
    </message>
    <message>
        <source>missing preset name</source>
        <translation>缺少预设名称</translation>
    </message>
    <message>
        <source>unknown preset &quot;%1&quot; (run `transformer-explorer presets` for the list)</source>
        <translation>未知预设“%1”（运行 `transformer-explorer presets` 查看列表）</translation>
    </message>
    <message>
        <source>missing file name</source>
        <translation>缺少文件名</translation>
    </message>
    <message>
        <source>expected key=value, got &quot;%1&quot;</source>
        <translation>应为 key=value，实际为“%1”</translation>
    </message>
</context>
<context>
    <name>tx::DesignControls</name>
    <message>
        <source>Start from &amp;model:</source>
        <translation>从模型开始(&amp;M)：</translation>
    </message>
    <message>
        <source>Size and shape</source>
        <translation>规模与形状</translation>
    </message>
    <message>
        <source>Kind of model</source>
        <translation>模型类型</translation>
    </message>
    <message>
        <source>Decoder only (GPT, Llama) writes text left to right. Encoder only (BERT) reads a whole text at once to classify or search it. Encoder-decoder (T5) reads an input, then writes an output.</source>
        <translation>仅解码器（GPT、Llama）从左到右生成文本。仅编码器（BERT）一次读入整段文本，用于分类或检索。编码器-解码器（T5）先读入输入，再写出输出。</translation>
    </message>
    <message>
        <source>Decoder only (GPT, Llama)</source>
        <translation>仅解码器（GPT、Llama）</translation>
    </message>
    <message>
        <source>Encoder only (BERT)</source>
        <translation>仅编码器（BERT）</translation>
    </message>
    <message>
        <source>Encoder-decoder (T5)</source>
        <translation>编码器-解码器（T5）</translation>
    </message>
    <message>
        <source>Width (d_model)</source>
        <translation>隐藏维度（d_model）</translation>
    </message>
    <message>
        <source>Thinking bandwidth: how many numbers describe each token as it flows through the model. Wider models understand more but cost quadratically more.
Each layer holds about 12·d_model² weights (4·d² attention + 8·d² FFN at d_ff = 4·d).</source>
        <translation>思考带宽：每个词元在模型中流动时由多少个数来描述。更宽的模型理解得更多，但成本按平方增长。
每层约有 12·d_model² 个权重（注意力 4·d² + 前馈网络 8·d²，d_ff = 4·d 时）。</translation>
    </message>
    <message>
        <source>Change width</source>
        <translation>修改隐藏维度</translation>
    </message>
    <message>
        <source>Layers (depth)</source>
        <translation>层数（深度）</translation>
    </message>
    <message>
        <source>Decoder layers</source>
        <translation>解码器层数</translation>
    </message>
    <message>
        <source>Layers of the writing half of an encoder-decoder model; each also attends to the encoder&apos;s output (cross-attention, 4·d_model² more weights per layer).</source>
        <translation>编码器-解码器模型中负责生成的那一半的层数；每层还要关注编码器的输出（交叉注意力，每层多 4·d_model² 个权重）。</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>注意力头</translation>
    </message>
    <message>
        <source>Key/value heads</source>
        <translation>键值头</translation>
    </message>
    <message>
        <source>Memory per token while generating: fewer key/value heads (grouped-query attention) shrink the KV cache, which limits how many users and how long a context fit.
KV cache = 2 · layers · kv_heads · head_size · context · batch · bytes.</source>
        <translation>生成时每个词元占用的内存：键值头越少（分组查询注意力），键值缓存越小；键值缓存决定能容纳多少用户、多长的上下文。
键值缓存 = 2 · 层数 · 键值头数 · 头维度 · 上下文长度 · 批大小 · 字节数。</translation>
    </message>
    <message>
        <source>FFN width (d_ff)</source>
        <translation>前馈网络宽度（d_ff）</translation>
    </message>
    <message>
        <source>Knowledge storage: the feed-forward block is where most facts live; it holds two thirds of a classic layer&apos;s weights.
FFN weights = 2·d_model·d_ff (3·d_model·d_ff when gated).</source>
        <translation>知识仓库：大部分事实存放在前馈网络中；它占经典层权重的三分之二。
前馈网络权重 = 2·d_model·d_ff（门控时为 3·d_model·d_ff）。</translation>
    </message>
    <message>
        <source>Keep at ×4 d_model</source>
        <translation>保持为 d_model 的 4 倍</translation>
    </message>
    <message>
        <source>Ties the FFN width to four times the width, the ratio of GPT-2 and BERT.</source>
        <translation>把前馈网络宽度固定为隐藏维度的四倍，即 GPT-2 和 BERT 的比例。</translation>
    </message>
    <message>
        <source>Lock FFN width</source>
        <translation>锁定前馈网络宽度</translation>
    </message>
    <message>
        <source>Unlock FFN width</source>
        <translation>解除前馈网络宽度锁定</translation>
    </message>
    <message>
        <source>Vocabulary (tokens)</source>
        <translation>词表（词元数）</translation>
    </message>
    <message>
        <source>How many different word pieces the model knows. A bigger vocabulary reads text in fewer tokens (cheaper, longer effective context) but adds a d_model-wide row per token.
Embedding weights = vocab · d_model (twice when the output head is not tied).</source>
        <translation>模型认识多少种不同的词片。词表越大，同样的文本切成的词元越少（更便宜，有效上下文更长），但每个词元要多一行 d_model 宽的权重。
嵌入权重 = 词表大小 · d_model（输出头不共享时翻倍）。</translation>
    </message>
    <message>
        <source>Context length (tokens)</source>
        <translation>上下文长度（词元）</translation>
    </message>
    <message>
        <source>How much text the model can keep in view at once. Longer contexts cost KV-cache memory linearly and attention compute quadratically; a learned position table adds context · d_model weights.</source>
        <translation>模型一次能看到多少文本。上下文越长，键值缓存内存线性增长，注意力算力按平方增长；可学习的位置表还会增加 上下文长度 · d_model 个权重。</translation>
    </message>
    <message>
        <source>Building blocks</source>
        <translation>组成模块</translation>
    </message>
    <message>
        <source>Feed-forward kind</source>
        <translation>前馈网络类型</translation>
    </message>
    <message>
        <source>Plain (2 matrices, GPT-2, BERT) or gated (3 matrices, SwiGLU in Llama): gated FFNs learn better per parameter; at equal d_ff they hold 1.5× the weights.</source>
        <translation>普通（2 个矩阵，GPT-2、BERT）或门控（3 个矩阵，Llama 的 SwiGLU）：门控前馈网络每个参数学得更好；相同 d_ff 下权重是 1.5 倍。</translation>
    </message>
    <message>
        <source>Plain (2 matrices)</source>
        <translation>普通（2 个矩阵）</translation>
    </message>
    <message>
        <source>Gated (3 matrices, SwiGLU)</source>
        <translation>门控（3 个矩阵，SwiGLU）</translation>
    </message>
    <message>
        <source>Normalization</source>
        <translation>归一化</translation>
    </message>
    <message>
        <source>Keeps the numbers in a healthy range. LayerNorm has a scale and a bias (2·d_model weights), RMSNorm only a scale (d_model weights) and is a little faster.</source>
        <translation>让数值保持在健康的范围内。LayerNorm 有缩放和偏置（2·d_model 个权重），RMSNorm 只有缩放（d_model 个权重），稍快一些。</translation>
    </message>
    <message>
        <source>LayerNorm</source>
        <translation>LayerNorm</translation>
    </message>
    <message>
        <source>RMSNorm</source>
        <translation>RMSNorm</translation>
    </message>
    <message>
        <source>Word order signal</source>
        <translation>词序信号</translation>
    </message>
    <message>
        <source>How the model knows word order. A learned table costs context · d_model weights and caps the context; rotary (RoPE) and sinusoidal cost nothing; T5&apos;s relative buckets add a small table.</source>
        <translation>模型如何知道词的顺序。可学习的位置表需要 上下文长度 · d_model 个权重，并限制上下文长度；旋转（RoPE）和正弦编码不需要权重；T5 的相对位置分桶只加一张小表。</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Sinusoidal</source>
        <translation>正弦</translation>
    </message>
    <message>
        <source>Learned table</source>
        <translation>可学习位置表</translation>
    </message>
    <message>
        <source>Rotary (RoPE)</source>
        <translation>旋转（RoPE）</translation>
    </message>
    <message>
        <source>Relative buckets (T5)</source>
        <translation>相对位置分桶（T5）</translation>
    </message>
    <message>
        <source>fp32 (4 bytes)</source>
        <translation>fp32（4 字节）</translation>
    </message>
    <message>
        <source>fp16 (2 bytes)</source>
        <translation>fp16（2 字节）</translation>
    </message>
    <message>
        <source>bf16 (2 bytes)</source>
        <translation>bf16（2 字节）</translation>
    </message>
    <message>
        <source>fp8 (1 byte)</source>
        <translation>fp8（1 字节）</translation>
    </message>
    <message>
        <source>int8 (1 byte + scales)</source>
        <translation>int8（1 字节 + 缩放因子）</translation>
    </message>
    <message>
        <source>int4 (½ byte + scales)</source>
        <translation>int4（½ 字节 + 缩放因子）</translation>
    </message>
    <message>
        <source>Number precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>键值缓存</translation>
    </message>
    <message>
        <source>Bytes per cached key/value number while generating; the KV cache grows with context and batch, so this decides how many users fit.</source>
        <translation>生成时每个缓存的键/值数字占用的字节数；键值缓存随上下文长度和批大小增长，因此它决定能容纳多少用户。</translation>
    </message>
    <message>
        <source>Weight sharing</source>
        <translation>权重共享</translation>
    </message>
    <message>
        <source>Output head reuses the token table</source>
        <translation>输出头复用词元嵌入表</translation>
    </message>
    <message>
        <source>Tied embeddings: the last layer that picks the next token reuses the input table, saving vocab · d_model weights.</source>
        <translation>嵌入共享：选出下一个词元的最后一层复用输入嵌入表，省下 词表大小 · d_model 个权重。</translation>
    </message>
    <message>
        <source>Layers share weights</source>
        <translation>层间权重共享</translation>
    </message>
    <message>
        <source>ALBERT stores one layer and runs it many times: far fewer parameters, the same compute.</source>
        <translation>ALBERT 只存一层、反复运行多次：参数量少得多，算力不变。</translation>
    </message>
    <message>
        <source>No sharing</source>
        <translation>不共享</translation>
    </message>
    <message>
        <source>All layers share one (ALBERT)</source>
        <translation>所有层共享一层（ALBERT）</translation>
    </message>
    <message>
        <source>Groups of layers</source>
        <translation>按组共享</translation>
    </message>
    <message>
        <source>Layers per shared group</source>
        <translation>每个共享组的层数</translation>
    </message>
    <message>
        <source>With group sharing, this many consecutive layers use one stored layer.</source>
        <translation>按组共享时，这么多相邻的层共用一层存储的权重。</translation>
    </message>
    <message>
        <source>Embedding size (0 = width)</source>
        <translation>嵌入维度（0 = 隐藏维度）</translation>
    </message>
    <message>
        <source>Factorized embedding (ALBERT): a narrow token table projected up to d_model. Saves vocab · (d_model − e) weights, adds e · d_model.</source>
        <translation>分解嵌入（ALBERT）：一张窄的词元嵌入表再投影到 d_model。省下 词表大小 · (d_model − e) 个权重，增加 e · d_model 个。</translation>
    </message>
    <message>
        <source>Mixture of experts</source>
        <translation>混合专家</translation>
    </message>
    <message>
        <source>Experts (0 = dense)</source>
        <translation>专家数（0 = 稠密）</translation>
    </message>
    <message>
        <source>Many FFNs per layer, of which each token uses only a few: more knowledge for the same compute per token, but every expert must sit in memory.
FFN weights × experts.</source>
        <translation>每层有多个前馈网络，每个词元只用其中几个：每词元算力不变而知识更多，但所有专家都要放在内存里。
前馈网络权重 × 专家数。</translation>
    </message>
    <message>
        <source>Experts per token</source>
        <translation>每词元专家数</translation>
    </message>
    <message>
        <source>How many experts each token runs through; compute per token grows with it.</source>
        <translation>每个词元经过几个专家；每词元算力随之增长。</translation>
    </message>
    <message>
        <source>Fine-tuning</source>
        <translation>微调</translation>
    </message>
    <message>
        <source>LoRA rank (0 = off)</source>
        <translation>LoRA 秩（0 = 关闭）</translation>
    </message>
    <message>
        <source>Cheap fine-tuning: small adapters beside the frozen weights. Only the adapters train, so optimizer memory shrinks to theirs.
Adapter weights = r · (d_in + d_out) per adapted matrix.</source>
        <translation>低成本微调：在冻结的权重旁加小型适配器。只训练适配器，所以优化器状态只占适配器那一份内存。
每个适配的矩阵的适配器权重 = r · (d_in + d_out)。</translation>
    </message>
    <message>
        <source>Change %1</source>
        <translation>修改%1</translation>
    </message>
    <message>
        <source>Encoder layers</source>
        <translation>编码器层数</translation>
    </message>
    <message>
        <source>Depth of thought: each layer refines every token once more. Parameters, memory and compute grow linearly with depth.
Parameters ≈ 12·L·d_model².</source>
        <translation>思考深度：每一层把每个词元再加工一遍。参数量、内存和算力都随层数线性增长。
参数量 ≈ 12·L·d_model²。</translation>
    </message>
    <message>
        <source>Size of the expert team: how many things each token can look for at once. Heads split the width: head size = d_model / heads, so d_model must be a multiple of the heads. Changing heads alone does not change the parameter count (Q, K, V, O stay d_model × d_model).</source>
        <translation>专家团队的规模：每个词元能同时关注多少种东西。注意力头平分隐藏维度：头维度 = d_model / 头数，所以 d_model 必须是头数的倍数。只改头数不会改变参数量（Q、K、V、O 仍是 d_model × d_model）。</translation>
    </message>
    <message>
        <source>Use and training</source>
        <translation>使用与训练</translation>
    </message>
    <message>
        <source>Context in use (tokens)</source>
        <translation>使用时的上下文（词元）</translation>
    </message>
    <message>
        <source>How long the texts are that the model reads and writes in use. The KV cache grows linearly with it, attention compute quadratically.
KV cache = 2 · b · s · L · n_kv · d_head · bytes.</source>
        <translation>使用时模型读写的文本有多长。键值缓存随它线性增长，注意力算力按平方增长。
键值缓存 = 2 · b · s · L · n_kv · d_head · 字节数。</translation>
    </message>
    <message>
        <source>Users at once (batch)</source>
        <translation>同时服务的用户（批大小）</translation>
    </message>
    <message>
        <source>Sequences served (or trained) together. More users share one read of the weights, so throughput rises, but each brings its own KV cache.</source>
        <translation>一起服务（或训练）的序列数。更多用户共享一次权重读取，吞吐量上升，但每个用户都有自己的键值缓存。</translation>
    </message>
    <message>
        <source>Training tokens (billions)</source>
        <translation>训练词元（十亿）</translation>
    </message>
    <message>
        <source>How much text the model learns from. Chinchilla-optimal is about 20 tokens per parameter (Hoffmann et al. 2022).
Training compute ≈ 6 · N · D FLOPs.</source>
        <translation>模型从多少文本中学习。Chinchilla 最优约为每个参数 20 个词元（Hoffmann 等 2022）。
训练算力 ≈ 6 · N · D FLOPs。</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>The accelerator the model runs and trains on: its memory decides what fits, its speed and price the time and cost.</source>
        <translation>模型运行和训练所用的加速器：显存决定放不放得下，速度和价格决定时间和成本。</translation>
    </message>
    <message>
        <source>Devices for training</source>
        <translation>训练设备数</translation>
    </message>
    <message>
        <source>How many devices share the training run; time falls with more of them, cost stays.</source>
        <translation>多少台设备分担训练；设备越多时间越短，成本不变。</translation>
    </message>
    <message>
        <source>Utilization (MFU, %)</source>
        <translation>利用率（MFU，%）</translation>
    </message>
    <message>
        <source>Share of the device&apos;s peak speed a training run achieves; 30–50 % is typical.
Time = training FLOPs / (devices · peak · MFU).</source>
        <translation>训练实际达到的设备峰值速度比例；通常为 30–50%。
时间 = 训练 FLOPs / (设备数 · 峰值 · MFU)。</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Bytes of training state per parameter: mixed-precision AdamW keeps 16, 8-bit Adam 10.</source>
        <translation>每个参数的训练状态字节数：混合精度 AdamW 为 16，8 位 Adam 为 10。</translation>
    </message>
    <message>
        <source>AdamW, mixed precision (16 B/param)</source>
        <translation>AdamW，混合精度（16 字节/参数）</translation>
    </message>
    <message>
        <source>AdamW, fp32 (16 B/param)</source>
        <translation>AdamW，fp32（16 字节/参数）</translation>
    </message>
    <message>
        <source>SGD with momentum (12 B/param)</source>
        <translation>带动量的 SGD（12 字节/参数）</translation>
    </message>
    <message>
        <source>8-bit Adam (10 B/param)</source>
        <translation>8 位 Adam（10 字节/参数）</translation>
    </message>
    <message>
        <source>Adafactor</source>
        <translation>Adafactor</translation>
    </message>
    <message>
        <source>Scaling law</source>
        <translation>缩放定律</translation>
    </message>
    <message>
        <source>Which published fit predicts the loss and the compute-optimal size. The papers disagree; the choice is written into every report.</source>
        <translation>用哪个已发表的拟合来预测损失和算力最优规模。各论文结论不一；所选定律会写入每份报告。</translation>
    </message>
    <message>
        <source>Chinchilla (Hoffmann et al. 2022)</source>
        <translation>Chinchilla（Hoffmann 等 2022）</translation>
    </message>
    <message>
        <source>Epoch AI refit (Besiroglu et al. 2024)</source>
        <translation>Epoch AI 重新拟合（Besiroglu 等 2024）</translation>
    </message>
    <message>
        <source>Kaplan et al. 2020</source>
        <translation>Kaplan 等 2020</translation>
    </message>
    <message>
        <source>longer than the model&apos;s context limit (%1 tokens)</source>
        <translation>超过模型的上下文上限（%1 个词元）</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>Attention kind</source>
        <translation>注意力类型</translation>
    </message>
    <message>
        <source>Multi-head attention keeps a key and a value per key/value head and token (MHA, GQA, MQA). DeepSeek&apos;s latent attention (MLA) keeps one small latent per token shared by all heads: a far smaller KV cache.
MLA cache per token and layer = kv_lora_rank + qk_rope_head_dim.</source>
        <translation>多头注意力为每个键/值头、每个 token 保存一个键和一个值（MHA、GQA、MQA）。DeepSeek 的潜在注意力（MLA）为每个 token 只保存一个由所有头共享的小潜向量：KV 缓存小得多。
MLA 每层每个 token 的缓存 = kv_lora_rank + qk_rope_head_dim。</translation>
    </message>
    <message>
        <source>Multi-head (MHA / GQA / MQA)</source>
        <translation>多头（MHA / GQA / MQA）</translation>
    </message>
    <message>
        <source>Latent (MLA, DeepSeek)</source>
        <translation>潜在注意力（MLA，DeepSeek）</translation>
    </message>
    <message>
        <source>MLA key/value latent</source>
        <translation>MLA 键/值潜向量</translation>
    </message>
    <message>
        <source>Width of the compressed key/value latent every token caches (DeepSeek-V3: 512).</source>
        <translation>每个 token 缓存的压缩键/值潜向量的宽度（DeepSeek-V3：512）。</translation>
    </message>
    <message>
        <source>MLA query latent (0 = none)</source>
        <translation>MLA 查询潜向量（0 = 无）</translation>
    </message>
    <message>
        <source>Queries pass through a latent of this width (DeepSeek-V3: 1536); 0 is a plain query projection (DeepSeek-V2-Lite).</source>
        <translation>查询先经过这个宽度的潜向量（DeepSeek-V3：1536）；0 表示普通的查询投影（DeepSeek-V2-Lite）。</translation>
    </message>
    <message>
        <source>MLA rotary key width</source>
        <translation>MLA 旋转键宽度</translation>
    </message>
    <message>
        <source>The part of each query/key head that carries positions; its key is shared by all heads and cached beside the latent (DeepSeek: 64).</source>
        <translation>每个查询/键头中携带位置信息的部分；它的键由所有头共享，与潜向量一起缓存（DeepSeek：64）。</translation>
    </message>
    <message>
        <source>Query/key norm</source>
        <translation>查询/键归一化</translation>
    </message>
    <message>
        <source>Normalises queries and keys before the dot product for stable training: per head (Qwen3, Gemma 3: head_dim weights each), over the whole width (OLMo 2) or without weights (Llama 4).</source>
        <translation>在点积前对查询和键归一化，使训练更稳定：按头（Qwen3、Gemma 3：各 head_dim 个权重）、在整个宽度上（OLMo 2），或不带权重（Llama 4）。</translation>
    </message>
    <message>
        <source>Per head</source>
        <translation>按头</translation>
    </message>
    <message>
        <source>Whole width (OLMo 2)</source>
        <translation>整个宽度（OLMo 2）</translation>
    </message>
    <message>
        <source>Without weights (Llama 4)</source>
        <translation>不带权重（Llama 4）</translation>
    </message>
    <message>
        <source>Sliding window (0 = off)</source>
        <translation>滑动窗口（0 = 关闭）</translation>
    </message>
    <message>
        <source>Sliding layers attend to, and cache, only the last this-many tokens: the KV cache stops growing with the context.
KV cache of a sliding layer = min(context, window) tokens.</source>
        <translation>滑动窗口层只关注并缓存最近这么多个 token：KV 缓存不再随上下文增长。
滑动窗口层的 KV 缓存 = min(上下文, 窗口) 个 token。</translation>
    </message>
    <message>
        <source>Every N-th layer global (0 = all slide)</source>
        <translation>每 N 层一个全局层（0 = 全部滑动）</translation>
    </message>
    <message>
        <source>With a window, every N-th layer still attends to everything (Gemma 2: 2, Gemma 3: 6).</source>
        <translation>有窗口时，每隔 N 层仍有一层关注全部 token（Gemma 2：2，Gemma 3：6）。</translation>
    </message>
    <message>
        <source>Attention sinks (gpt-oss)</source>
        <translation>注意力汇（gpt-oss）</translation>
    </message>
    <message>
        <source>One learned logit per head that can soak up attention: n_heads weights per layer, nothing cached.</source>
        <translation>每个头一个可学习的 logit，用来吸收注意力：每层 n_heads 个权重，不占缓存。</translation>
    </message>
    <message>
        <source>Multi-token prediction modules</source>
        <translation>多 token 预测模块</translation>
    </message>
    <message>
        <source>Extra modules that predict further tokens during training (DeepSeek-V3: 1). Counted apart, not in the total.</source>
        <translation>训练时预测更远 token 的额外模块（DeepSeek-V3：1）。单独计数，不计入总数。</translation>
    </message>
    <message>
        <source>fp8 + 128×128 block scales (DeepSeek)</source>
        <translation>fp8 + 128×128 分块缩放（DeepSeek）</translation>
    </message>
    <message>
        <source>MXFP4 (4.25 bits)</source>
        <translation>MXFP4（4.25 位）</translation>
    </message>
    <message>
        <source>NVFP4 (4.5 bits)</source>
        <translation>NVFP4（4.5 位）</translation>
    </message>
    <message>
        <source>GGUF Q8_0 (8.5 bits)</source>
        <translation>GGUF Q8_0（8.5 位）</translation>
    </message>
    <message>
        <source>GGUF Q6_K (6.56 bits)</source>
        <translation>GGUF Q6_K（6.56 位）</translation>
    </message>
    <message>
        <source>GGUF Q5_K (5.5 bits)</source>
        <translation>GGUF Q5_K（5.5 位）</translation>
    </message>
    <message>
        <source>GGUF Q5_0 (5.5 bits)</source>
        <translation>GGUF Q5_0（5.5 位）</translation>
    </message>
    <message>
        <source>GGUF Q4_K (4.5 bits)</source>
        <translation>GGUF Q4_K（4.5 位）</translation>
    </message>
    <message>
        <source>GGUF Q4_0 (4.5 bits)</source>
        <translation>GGUF Q4_0（4.5 位）</translation>
    </message>
    <message>
        <source>GGUF Q3_K (3.44 bits)</source>
        <translation>GGUF Q3_K（3.44 位）</translation>
    </message>
    <message>
        <source>GGUF Q2_K (2.63 bits)</source>
        <translation>GGUF Q2_K（2.63 位）</translation>
    </message>
    <message>
        <source>Expert width (0 = d_ff)</source>
        <translation>专家宽度（0 = d_ff）</translation>
    </message>
    <message>
        <source>Inner width of one routed expert (moe_intermediate_size); fine-grained MoE uses many narrow experts (DeepSeek-V3: 2048 beside a dense d_ff of 18432).</source>
        <translation>单个路由专家的内部宽度（moe_intermediate_size）；细粒度 MoE 使用许多窄专家（DeepSeek-V3：2048，稠密层 d_ff 为 18432）。</translation>
    </message>
    <message>
        <source>Shared experts</source>
        <translation>共享专家</translation>
    </message>
    <message>
        <source>Experts every token runs through beside the routed ones (DeepSeek, Llama 4: 1).</source>
        <translation>除路由专家外，每个 token 都会经过的专家（DeepSeek、Llama 4：1）。</translation>
    </message>
    <message>
        <source>Dense first layers</source>
        <translation>前置稠密层</translation>
    </message>
    <message>
        <source>The first layers keep a dense FFN (DeepSeek-V3: 3, Kimi K2: 1).</source>
        <translation>最前面的若干层保留稠密 FFN（DeepSeek-V3：3，Kimi K2：1）。</translation>
    </message>
    <message>
        <source>GGUF Q5_K_M (llama.cpp mix)</source>
        <translation>GGUF Q5_K_M（llama.cpp 混合）</translation>
    </message>
    <message>
        <source>GGUF Q4_K_M (llama.cpp mix)</source>
        <translation>GGUF Q4_K_M（llama.cpp 混合）</translation>
    </message>
    <message>
        <source>GGUF Q3_K_M (llama.cpp mix)</source>
        <translation>GGUF Q3_K_M（llama.cpp 混合）</translation>
    </message>
    <message>
        <source>Bytes per stored weight. Halving it halves the memory the model needs and speeds up generation, at some cost in quality below 8 bits.
Weights memory = params · bits / 8; the block formats and llama.cpp&apos;s mixes (Q4_K_M …) are counted tensor by tensor, scales included, with the tensors each format keeps at 16 or 32 bits.</source>
        <translation>每个权重占用的字节数。减半可让模型所需内存减半并加快生成，低于 8 位时会损失一些质量。
权重内存 = 参数量 · 位数 / 8；块格式和 llama.cpp 的混合格式（Q4_K_M …）逐个张量计算，含缩放因子，以及各格式保留为 16 或 32 位的张量。</translation>
    </message>
</context>
<context>
    <name>tx::DesignDock</name>
    <message>
        <source>Design</source>
        <translation>设计</translation>
    </message>
</context>
<context>
    <name>tx::DesignEdits</name>
    <message>
        <source>Follows the width: &quot;Keep at ×4 d_model&quot; is on.</source>
        <translation>跟随宽度：“保持为 ×4 d_model”已开启。</translation>
    </message>
    <message>
        <source>The design has no output head.</source>
        <translation>该设计没有输出头。</translation>
    </message>
    <message>
        <source>Not used by latent attention (MLA): its keys and values come from one shared latent.</source>
        <translation>潜在注意力（MLA）不用它：键和值来自一个共享的潜向量。</translation>
    </message>
    <message>
        <source>The design lists each layer&apos;s attention (layer_types).</source>
        <translation>该设计逐层列出了注意力类型（layer_types）。</translation>
    </message>
    <message>
        <source>Needs a sliding window first.</source>
        <translation>需要先设置滑动窗口。</translation>
    </message>
    <message>
        <source>Needs experts (set Experts above 1).</source>
        <translation>需要专家（把专家数设为大于 1）。</translation>
    </message>
    <message>
        <source>Only for latent attention (MLA).</source>
        <translation>仅用于潜在注意力（MLA）。</translation>
    </message>
    <message>
        <source>Not used by this design.</source>
        <translation>该设计不使用此项。</translation>
    </message>
    <message>
        <source>%1 (edited)</source>
        <translation>%1（已修改）</translation>
    </message>
</context>
<context>
    <name>tx::DesignFile</name>
    <message>
        <source>unknown design field</source>
        <translation>未知的设计字段</translation>
    </message>
    <message>
        <source>missing or not a number</source>
        <translation>缺失或不是数字</translation>
    </message>
    <message>
        <source>version %1 is not supported (this program reads version %2)</source>
        <translation>不支持版本 %1（本程序读取版本 %2）</translation>
    </message>
    <message>
        <source>missing or not an object</source>
        <translation>缺失或不是对象</translation>
    </message>
    <message>
        <source>cannot open: %1</source>
        <translation>无法打开：%1</translation>
    </message>
    <message>
        <source>file is too large to be a design (%1 bytes)</source>
        <translation>文件太大，不可能是设计文件（%1 字节）</translation>
    </message>
    <message>
        <source>cannot write: %1</source>
        <translation>无法写入：%1</translation>
    </message>
    <message>
        <source>unknown design field (see the README&apos;s list of design fields)</source>
        <translation>未知的设计字段（见 README 中的设计字段列表）</translation>
    </message>
    <message>
        <source> (got &quot;%1&quot;)</source>
        <translation>（实际为“%1”）</translation>
    </message>
    <message>
        <source>expected an integer</source>
        <translation>应为整数</translation>
    </message>
    <message>
        <source>expected a number</source>
        <translation>应为数字</translation>
    </message>
    <message>
        <source>expected true or false</source>
        <translation>应为 true 或 false</translation>
    </message>
    <message>
        <source>expected a string</source>
        <translation>应为字符串</translation>
    </message>
    <message>
        <source>expected one of: %1</source>
        <translation>应为以下之一：%1</translation>
    </message>
    <message>
        <source>expected a list of full, sliding, chunked, full_no_rope</source>
        <translation>应为由 full、sliding、chunked、full_no_rope 组成的列表</translation>
    </message>
    <message>
        <source>expected a list of layer numbers</source>
        <translation>应为层号列表</translation>
    </message>
    <message>
        <source>expected a list of numbers</source>
        <translation>应为数字列表</translation>
    </message>
</context>
<context>
    <name>tx::DesignFiles</name>
    <message>
        <source>Open design</source>
        <translation>打开设计</translation>
    </message>
    <message>
        <source>Design files (*.json);;All files (*)</source>
        <translation>设计文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>design.json</source>
        <translation>design.json</translation>
    </message>
    <message>
        <source>Save design</source>
        <translation>保存设计</translation>
    </message>
    <message>
        <source>Design files (*.json)</source>
        <translation>设计文件 (*.json)</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>The design has unsaved changes. Save them first?</source>
        <translation>设计有未保存的更改。要先保存吗？</translation>
    </message>
    <message>
        <source>last session</source>
        <translation>上次会话</translation>
    </message>
    <message>
        <source>Untitled design</source>
        <translation>未命名设计</translation>
    </message>
    <message>
        <source>%1[*] — Transformer Explorer</source>
        <translation>%1[*] — Transformer Explorer</translation>
    </message>
</context>
<context>
    <name>tx::DesignSearch</name>
    <message>
        <source>expected d_model / n_layers from 1 to 10,000</source>
        <translation>d_model / n_layers 应在 1 到 10,000 之间</translation>
    </message>
    <message>
        <source>expected a positive memory budget in bytes</source>
        <translation>应为正的内存预算（字节）</translation>
    </message>
    <message>
        <source>not even a one-layer design of this shape fits the budget</source>
        <translation>这种形状连一层的设计都放不进预算</translation>
    </message>
    <message>
        <source>expected a target from 1,000 to 10^14 parameters</source>
        <translation>目标参数量应在 1,000 到 10^14 之间</translation>
    </message>
    <message>
        <source>no valid design of this shape reaches the target</source>
        <translation>这种形状没有能达到目标的有效设计</translation>
    </message>
</context>
<context>
    <name>tx::Distillation</name>
    <message>
        <source>expected 0 (20 per student parameter) to 10^16 tokens</source>
        <translation>应为 0（每个学生参数 20 个词元）到 10^16 个词元</translation>
    </message>
    <message>
        <source>unknown device &quot;%1&quot;</source>
        <translation>未知设备“%1”</translation>
    </message>
    <message>
        <source>the teacher itself fits one %1; a student is only smaller on a smaller device</source>
        <translation>教师模型本身就能装进一块 %1；只有在更小的设备上学生模型才会更小</translation>
    </message>
    <message>
        <source>the largest student of the teacher&apos;s proportions whose inference fits one %1</source>
        <translation>按教师模型比例、推理能装进一块 %1 的最大学生模型</translation>
    </message>
    <message>
        <source>expected a share of the teacher&apos;s parameters between 0 and 1</source>
        <translation>应为教师模型参数的比例，介于 0 和 1 之间</translation>
    </message>
    <message>
        <source>the student of the teacher&apos;s proportions closest to %1 % of its parameters</source>
        <translation>按教师模型比例、参数量最接近其 %1 % 的学生模型</translation>
    </message>
    <message>
        <source>%1 student</source>
        <translation>%1 学生模型</translation>
    </message>
    <message>
        <source>Distillation</source>
        <translation>蒸馏</translation>
    </message>
    <message>
        <source>training memory of one replica under the chosen optimizer</source>
        <translation>所选优化器下单个副本的训练内存</translation>
    </message>
    <message>
        <source>Cost of distilling on %1 × %2</source>
        <translation>在 %1 × %2 上蒸馏的成本</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>FLOPs</source>
        <translation>FLOPs</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Money</source>
        <translation>费用</translation>
    </message>
    <message>
        <source>Teacher forward (soft targets)</source>
        <translation>教师前向（软标签）</translation>
    </message>
    <message>
        <source>Student training</source>
        <translation>学生训练</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>Student parameters</source>
        <translation>学生参数</translation>
    </message>
    <message>
        <source>Distillation tokens</source>
        <translation>蒸馏词元</translation>
    </message>
    <message>
        <source>the user&apos;s budget</source>
        <translation>用户设定的预算</translation>
    </message>
    <message>
        <source>Hoffmann et al. 2022: about 20 tokens per parameter</source>
        <translation>Hoffmann 等 2022：每个参数约 20 个词元</translation>
    </message>
    <message>
        <source>Teacher forward over the tokens</source>
        <translation>教师在这些词元上的前向</translation>
    </message>
    <message>
        <source>Kaplan et al. 2020, Table 1 (2·N + 2·n_layer·n_ctx·d_attn per token)</source>
        <translation>Kaplan 等 2020，表 1（每词元 2·N + 2·n_layer·n_ctx·d_attn）</translation>
    </message>
    <message>
        <source>Student training over the tokens</source>
        <translation>学生在这些词元上的训练</translation>
    </message>
    <message>
        <source>Kaplan et al. 2020 §2.1</source>
        <translation>Kaplan 等 2020 §2.1</translation>
    </message>
    <message>
        <source>Student: %1.</source>
        <translation>学生模型：%1。</translation>
    </message>
    <message>
        <source>The predicted loss is the scaling law&apos;s for the student trained on these tokens from scratch; DistilBERT kept 97 % of BERT&apos;s GLUE score at 60 % of its size (Sanh et al. 2019).</source>
        <translation>预测损失是缩放定律对在这些词元上从头训练的学生模型的预测；DistilBERT 以 BERT 60 % 的规模保留了其 97 % 的 GLUE 分数（Sanh 等 2019）。</translation>
    </message>
</context>
<context>
    <name>tx::EngineMeasurement</name>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
</context>
<context>
    <name>tx::EngineSizer</name>
    <message>
        <source>must be positive</source>
        <translation>必须为正数</translation>
    </message>
    <message>
        <source>moe_experts: %1 → 0 (one dense FFN of the same width per layer)</source>
        <translation>moe_experts：%1 → 0（每层一个同宽度的稠密前馈网络）</translation>
    </message>
    <message>
        <source>pooler: yes → no (not used to predict tokens)</source>
        <translation>pooler：是 → 否（不用于预测词元）</translation>
    </message>
    <message>
        <source>lora_rank: %1 → 0</source>
        <translation>lora_rank：%1 → 0</translation>
    </message>
    <message>
        <source>lm_head: no → yes, tied to the token embedding (to produce logits)</source>
        <translation>lm_head：否 → 是，与词元嵌入共享（用于生成 logits）</translation>
    </message>
    <message>
        <source>even the smallest model of this family (%1 bytes) exceeds the cap of %2 bytes</source>
        <translation>即使该系列最小的模型（%1 字节）也超出了 %2 字节的上限</translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <translation>%1：%2 → %3</translation>
    </message>
    <message>
        <source>%1 (scaled down)</source>
        <translation>%1（已缩小）</translation>
    </message>
    <message>
        <source>the engine does not run LoRA adapters</source>
        <translation>引擎不运行 LoRA 适配器</translation>
    </message>
    <message>
        <source>the engine needs a vocabulary projection to produce logits</source>
        <translation>引擎需要词表投影来产生 logits</translation>
    </message>
    <message>
        <source>layer_types: the first %1 of its %2 entries</source>
        <translation>layer_types：保留其 %2 项中的前 %1 项</translation>
    </message>
    <message>
        <source>the engine does not share layers of a mixture of experts</source>
        <translation>引擎不共享混合专家（MoE）的层</translation>
    </message>
    <message>
        <source>moe_first_dense: %1 → %2</source>
        <translation>moe_first_dense：%1 → %2</translation>
    </message>
    <message>
        <source>%1 experts do not split into %2 groups of two or more</source>
        <translation>%1 个专家无法分成 %2 个各含至少两个专家的组</translation>
    </message>
    <message>
        <source>the engine limits groups only for a sigmoid router (DeepSeek-V3), not a softmax one</source>
        <translation>引擎只对 sigmoid 路由器（DeepSeek-V3）做分组限制，不支持 softmax 路由器分组</translation>
    </message>
    <message>
        <source>the engine&apos;s MLA needs an even rotary part (RoPE turns pairs)</source>
        <translation>引擎的 MLA 需要偶数维的旋转部分（RoPE 成对旋转）</translation>
    </message>
    <message>
        <source>the engine&apos;s MLA has no query/key norms beyond its latent norms</source>
        <translation>引擎的 MLA 除潜向量归一化外没有查询/键归一化</translation>
    </message>
    <message>
        <source>the engine&apos;s MLA has no attention sinks</source>
        <translation>引擎的 MLA 没有注意力汇（sink）</translation>
    </message>
    <message>
        <source>the engine&apos;s MLA has no T5 relative position buckets</source>
        <translation>引擎的 MLA 不支持 T5 相对位置分桶</translation>
    </message>
    <message>
        <source>a head tied to a factorised embedding would need a projection back to its width; untie the head</source>
        <translation>与分解嵌入共享权重的输出头需要一个投影回嵌入宽度；请取消共享输出头</translation>
    </message>
    <message>
        <source>positions: relative → rotary (the engine&apos;s MLA has no T5 buckets)</source>
        <translation>positions：relative → rotary（引擎的 MLA 不支持 T5 分桶）</translation>
    </message>
    <message>
        <source>lm_head: no → yes, untied (d_model × vocab, to produce logits)</source>
        <translation>lm_head：否 → 是，不与嵌入共享（d_model × 词表，用于生成 logits）</translation>
    </message>
    <message>
        <source>tied_embeddings: yes → no (the factorised table is %1 wide, the head reads d_model %2)</source>
        <translation>tied_embeddings：是 → 否（分解嵌入表宽 %1，输出头读取 d_model %2）</translation>
    </message>
    <message>
        <source>the engine&apos;s shared experts have no biases</source>
        <translation>引擎的共享专家没有偏置</translation>
    </message>
    <message>
        <source>a clamped SwiGLU needs a gated FFN</source>
        <translation>截断的 SwiGLU 需要门控 FFN</translation>
    </message>
    <message>
        <source>the engine&apos;s encoder-decoder runs pre-norm blocks (T5&apos;s)</source>
        <translation>引擎的编码器-解码器只运行前置归一化的块（T5 的做法）</translation>
    </message>
    <message>
        <source>the engine&apos;s encoder-decoder has no mixture of experts</source>
        <translation>引擎的编码器-解码器不支持混合专家</translation>
    </message>
    <message>
        <source>the engine&apos;s encoder-decoder does not share layers</source>
        <translation>引擎的编码器-解码器不共享层</translation>
    </message>
    <message>
        <source>the engine&apos;s encoder-decoder has no latent attention</source>
        <translation>引擎的编码器-解码器没有潜在注意力（MLA）</translation>
    </message>
    <message>
        <source>the engine&apos;s encoder-decoder reads plain token embeddings</source>
        <translation>引擎的编码器-解码器只读取普通的词元嵌入</translation>
    </message>
    <message>
        <source>an encoder-decoder needs at least one decoder layer</source>
        <translation>编码器-解码器至少需要一个解码器层</translation>
    </message>
    <message>
        <source>norm_placement: %1 → pre (the engine&apos;s cross-attention runs pre-norm blocks)</source>
        <translation>norm_placement：%1 → pre（引擎的交叉注意力只运行前置归一化的块）</translation>
    </message>
    <message>
        <source>sharing: %1 → none (the engine&apos;s encoder-decoder stores every layer)</source>
        <translation>sharing：%1 → none（引擎的编码器-解码器存储每一层）</translation>
    </message>
    <message>
        <source>attention: MLA → MHA (the engine&apos;s encoder-decoder has no latent attention)</source>
        <translation>attention：MLA → MHA（引擎的编码器-解码器没有潜在注意力）</translation>
    </message>
    <message>
        <source>embeddings: plain token table of d_model %1 (the engine&apos;s encoder-decoder has no embedding norm or projection)</source>
        <translation>embeddings：宽度为 d_model %1 的普通词元表（引擎的编码器-解码器没有嵌入归一化或投影）</translation>
    </message>
    <message>
        <source>longrope needs one short and one long factor per rotated pair (%1), has %2 and %3</source>
        <translation>longrope 需要为每个旋转维度对（%1 对）各给一个短系数和一个长系数，现有 %2 个和 %3 个</translation>
    </message>
    <message>
        <source>the engine&apos;s weightless QK-norm needs RoPE without an attention factor</source>
        <translation>引擎的无权重 QK 归一化要求 RoPE 不带注意力系数</translation>
    </message>
    <message>
        <source>rope_short_factor, rope_long_factor: %1 → %2 entries (one of every %3)</source>
        <translation>rope_short_factor、rope_long_factor：%1 → %2 项（每 %3 项取一项）</translation>
    </message>
    <message>
        <source>the engine&apos;s encoder-decoder has no masked-LM head</source>
        <translation>引擎的编码器-解码器没有掩码语言模型头</translation>
    </message>
    <message>
        <source>mlm_head: yes → no (the engine&apos;s encoder-decoder ends in a plain head)</source>
        <translation>mlm_head：是 → 否（引擎的编码器-解码器以普通输出头结尾）</translation>
    </message>
    <message>
        <source>lm_head: no → yes, ALBERT&apos;s masked-LM head (dense d_model %1 → %2, %3, %4, tied to the token embedding, with a bias)</source>
        <translation>lm_head：否 → 是，ALBERT 的掩码语言模型头（全连接 d_model %1 → %2、%3、%4，与词元嵌入绑定，带偏置）</translation>
    </message>
</context>
<context>
    <name>tx::EvaluatedArguments</name>
    <message>
        <source>expected a preset name or a design file</source>
        <translation>应为预设名称或设计文件</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is neither a preset (see: transformer-explorer presets) nor a file</source>
        <translation>“%1”既不是预设（参见：transformer-explorer presets），也不是文件</translation>
    </message>
    <message>
        <source>name the file to write, e.g. --out report.pdf</source>
        <translation>请指定要写入的文件，例如 --out report.pdf</translation>
    </message>
    <message>
        <source>expected a whole number, got &quot;%1&quot;</source>
        <translation>应为整数，实际为“%1”</translation>
    </message>
</context>
<context>
    <name>tx::Evaluator</name>
    <message>
        <source>expected 1 to 1,000,000 sequences</source>
        <translation>应为 1 到 1,000,000 条序列</translation>
    </message>
    <message>
        <source>expected 1 to 16,777,216 tokens</source>
        <translation>应为 1 到 16,777,216 个词元</translation>
    </message>
    <message>
        <source>expected 0 to 10^16 tokens</source>
        <translation>应为 0 到 10^16 个词元</translation>
    </message>
    <message>
        <source>expected a ZeRO stage from 0 to 3</source>
        <translation>应为 0 到 3 的 ZeRO 阶段</translation>
    </message>
    <message>
        <source>expected 1 to 1,000,000</source>
        <translation>应为 1 到 1,000,000</translation>
    </message>
    <message>
        <source>expected 1 to 1,000,000 devices</source>
        <translation>应为 1 到 1,000,000 台设备</translation>
    </message>
    <message>
        <source>must be a multiple of the tensor-parallel degree (--tp)</source>
        <translation>必须是张量并行度（--tp）的倍数</translation>
    </message>
    <message>
        <source>expected a fraction in (0, 1], e.g. 0.4</source>
        <translation>应为 (0, 1] 之间的小数，例如 0.4</translation>
    </message>
    <message>
        <source>expected dollars per device-hour up to 100,000</source>
        <translation>应为每设备小时的美元价格，最多 100,000</translation>
    </message>
    <message>
        <source>expected a fraction from 0 to 10</source>
        <translation>应为 0 到 10 之间的比例</translation>
    </message>
    <message>
        <source>expected a fraction in (0, 1], e.g. 0.5</source>
        <translation>应为 (0, 1] 之间的小数，例如 0.5</translation>
    </message>
    <message>
        <source>unknown device &quot;%1&quot; (known: %2)</source>
        <translation>未知设备“%1”（已知：%2）</translation>
    </message>
</context>
<context>
    <name>tx::ExpertLoadChart</name>
    <message>
        <source>Expert load of</source>
        <translation>专家负载：</translation>
    </message>
    <message>
        <source>share of the routed token-slots</source>
        <translation>路由词元槽位的份额</translation>
    </message>
    <message>
        <source>expert</source>
        <translation>专家</translation>
    </message>
    <message>
        <source>share</source>
        <translation>份额</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>balance loss</source>
        <translation>均衡损失</translation>
    </message>
    <message>
        <source>Balance loss E · Σ fᵢ · Pᵢ (1 = even, E = one expert)</source>
        <translation>均衡损失 E·Σ fᵢ·Pᵢ（1 均匀，E 全归一专家）</translation>
    </message>
    <message>
        <source>The auxiliary load-balancing loss of the Switch Transformer (Fedus et al. 2021, eq. 4) without its factor α: fᵢ is expert i&apos;s share of the routed token-slots, Pᵢ the router&apos;s mean probability for it</source>
        <translation>Switch Transformer 的辅助负载均衡损失（Fedus 等 2021，式 4），不含系数 α：fᵢ 是专家 i 分到的路由词元槽位份额，Pᵢ 是路由器给它的平均概率</translation>
    </message>
    <message>
        <source>even routing = 1</source>
        <translation>均匀路由 = 1</translation>
    </message>
    <message>
        <source>E%1</source>
        <translation>E%1</translation>
    </message>
    <message>
        <source>even share 1/%1 = %2</source>
        <translation>均匀份额 1/%1 = %2</translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>%1, last %2 steps: busiest expert %3 × the even share</source>
        <translation>%1·近 %2 步：最忙专家 %3 × 均匀份额</translation>
    </message>
    <message>
        <source>Expert load: each expert&apos;s share of the routed token-slots</source>
        <translation>专家负载：每个专家分到的路由词元槽位份额</translation>
    </message>
</context>
<context>
    <name>tx::Explainer</name>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>Korthikanti et al. 2022, arXiv:2205.05198, §4.1 eq. (1)-(2) and Table 2</source>
        <translation>Korthikanti 等 2022，arXiv:2205.05198，§4.1 式 (1)-(2) 及表 2</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>N · bits/8 + N_LoRA · 2</source>
        <translation>N · bits/8 + N_LoRA · 2</translation>
    </message>
    <message>
        <source>N · bits/8</source>
        <translation>N · bits/8</translation>
    </message>
    <message>
        <source>definition; int8/int4 add one fp16 scale per %1 weights (GPTQ/AWQ grouping)</source>
        <translation>定义；int8/int4 每 %1 个权重另加一个 fp16 缩放因子（GPTQ/AWQ 分组）</translation>
    </message>
    <message>
        <source>2 · b · s · L · n_kv · d_head · bytes</source>
        <translation>2 · b · s · L · n_kv · d_head · 字节数</translation>
    </message>
    <message>
        <source>b · Σ_types L_type · min(s, window) · (kv_lora_rank + qk_rope_head_dim) · bytes</source>
        <translation>b · Σ_类型 L_类型 · min(s, 窗口) · (kv_lora_rank + qk_rope_head_dim) · 字节</translation>
    </message>
    <message>
        <source>b · Σ_types L_type · min(s, window) · 2 · n_kv · d_head · bytes</source>
        <translation>b · Σ_类型 L_类型 · min(s, 窗口) · 2 · n_kv · d_head · 字节</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>键值缓存</translation>
    </message>
    <message>
        <source>K and V per layer and token (Pope et al. 2022, arXiv:2211.05102, §2); GQA: Ainslie et al. 2023; sliding and chunked layers keep min(s, window) tokens; MLA keeps one latent per token shared by the heads (DeepSeek-V2, arXiv:2405.04434, §2.1); sinks add none</source>
        <translation>每层每个 token 的 K 和 V（Pope 等 2022，arXiv:2211.05102，§2）；GQA：Ainslie 等 2023；滑动窗口层和分块层只保留 min(s, 窗口) 个 token；MLA 每个 token 保留一个由所有头共享的潜向量（DeepSeek-V2，arXiv:2405.04434，§2.1）；注意力汇（sink）不占缓存</translation>
    </message>
    <message>
        <source>Activations (prefill)</source>
        <translation>激活值（预填充）</translation>
    </message>
    <message>
        <source>2 · b · s · (2·d + d_ff&apos;)</source>
        <translation>2 · b · s · (2·d + d_ff&apos;)</translation>
    </message>
    <message>
        <source>2 · (b · s · (2·d + d_ff&apos;) + b · a · s²)</source>
        <translation>2 · (b · s · (2·d + d_ff&apos;) + b · a · s²)</translation>
    </message>
    <message>
        <source>this program&apos;s estimate: the largest layer&apos;s live tensors in 16-bit; d_ff&apos; = d_ff (×2 when gated)</source>
        <translation>本程序的估计：最大一层同时存活的 16 位张量；d_ff&apos; = d_ff（门控时 ×2）</translation>
    </message>
    <message>
        <source>Runtime overhead</source>
        <translation>运行时开销</translation>
    </message>
    <message>
        <source>overhead · (weights + KV + activations)</source>
        <translation>开销 · (权重 + 键值缓存 + 激活值)</translation>
    </message>
    <message>
        <source>stated assumption (CUDA context, allocator fragmentation); EleutherAI &apos;Transformer Math 101&apos; (2023) allows up to 20%</source>
        <translation>明示的假设（CUDA 上下文、分配器碎片）；EleutherAI《Transformer Math 101》（2023）允许最多 20%</translation>
    </message>
    <message>
        <source>Inference memory</source>
        <translation>推理内存</translation>
    </message>
    <message>
        <source>weights + KV cache + activations + overhead</source>
        <translation>权重 + 键值缓存 + 激活值 + 开销</translation>
    </message>
    <message>
        <source>sum</source>
        <translation>求和</translation>
    </message>
    <message>
        <source>Rajbhandari et al. 2020, arXiv:1910.02054 (ZeRO), §3.1 and Figure 1</source>
        <translation>Rajbhandari 等 2020，arXiv:1910.02054（ZeRO），§3.1 及图 1</translation>
    </message>
    <message>
        <source>Weights (training)</source>
        <translation>权重（训练）</translation>
    </message>
    <message>
        <source>N · bits/8 (frozen) + Ψ · w</source>
        <translation>N · bits/8（冻结）+ Ψ · w</translation>
    </message>
    <message>
        <source>Ψ · w</source>
        <translation>Ψ · w</translation>
    </message>
    <message>
        <source>Hu et al. 2021 (LoRA), Dettmers et al. 2023 (QLoRA): only adapters train</source>
        <translation>Hu 等 2021（LoRA），Dettmers 等 2023（QLoRA）：只训练适配器</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Ψ · g</source>
        <translation>Ψ · g</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Ψ · K</source>
        <translation>Ψ · K</translation>
    </message>
    <message>
        <source>%1; optimizer %2 (8-bit Adam: Dettmers et al. 2022; Adafactor: Shazeer &amp; Stern 2018)</source>
        <translation>%1；优化器 %2（8 位 Adam：Dettmers 等 2022；Adafactor：Shazeer 与 Stern 2018）</translation>
    </message>
    <message>
        <source>L · 2 · s · b · h</source>
        <translation>L · 2 · s · b · h</translation>
    </message>
    <message>
        <source>L · 34 · s · b · h</source>
        <translation>L · 34 · s · b · h</translation>
    </message>
    <message>
        <source>L · s · b · h · (34 + 5 · a · min(s, w) / h)</source>
        <translation>L · s · b · h · (34 + 5 · a · min(s, w) / h)</translation>
    </message>
    <message>
        <source>L · s · b · h · (34 + 5 · a · s / h)</source>
        <translation>L · s · b · h · (34 + 5 · a · s / h)</translation>
    </message>
    <message>
        <source>Activations (training)</source>
        <translation>激活值（训练）</translation>
    </message>
    <message>
        <source>Training memory (one replica)</source>
        <translation>训练内存（单个副本）</translation>
    </message>
    <message>
        <source>weights + gradients + optimizer + activations</source>
        <translation>权重 + 梯度 + 优化器状态 + 激活值</translation>
    </message>
    <message>
        <source>(w + g + o)/t</source>
        <translation>(w + g + o)/t</translation>
    </message>
    <message>
        <source>(w + g)/t + o/(t·N_d)</source>
        <translation>(w + g)/t + o/(t·N_d)</translation>
    </message>
    <message>
        <source>w/t + (g + o)/(t·N_d)</source>
        <translation>w/t + (g + o)/(t·N_d)</translation>
    </message>
    <message>
        <source>(w + g + o)/(t·N_d)</source>
        <translation>(w + g + o)/(t·N_d)</translation>
    </message>
    <message>
        <source>Training memory per device</source>
        <translation>每台设备的训练内存</translation>
    </message>
    <message>
        <source> + activations/t</source>
        <translation> + 激活值/t</translation>
    </message>
    <message>
        <source>; activations split by tensor + sequence parallelism (Korthikanti et al. 2022 eq. 5)</source>
        <translation>；激活值按张量并行 + 序列并行切分（Korthikanti 等 2022 式 5）</translation>
    </message>
    <message>
        <source>Kaplan et al. 2020, arXiv:2001.08361, §2.1 and Table 1</source>
        <translation>Kaplan 等 2020，arXiv:2001.08361，§2.1 及表 1</translation>
    </message>
    <message>
        <source>Forward FLOPs per token</source>
        <translation>每词元前向 FLOPs</translation>
    </message>
    <message>
        <source>2 · N + 2 · L · n_ctx · d_attn + 2 · d · V</source>
        <translation>2 · N + 2 · L · n_ctx · d_attn + 2 · d · V</translation>
    </message>
    <message>
        <source>; N = executed matmul weights, MoE at top-k; logits added</source>
        <translation>；N = 实际执行的矩阵乘权重，MoE 按 top-k 计；另加 logits</translation>
    </message>
    <message>
        <source>2 · forward</source>
        <translation>2 · 前向</translation>
    </message>
    <message>
        <source>3 · forward</source>
        <translation>3 · 前向</translation>
    </message>
    <message>
        <source> + forward</source>
        <translation> + 前向</translation>
    </message>
    <message>
        <source> + attention</source>
        <translation> + 注意力</translation>
    </message>
    <message>
        <source>Training FLOPs per token</source>
        <translation>每词元训练 FLOPs</translation>
    </message>
    <message>
        <source>; recomputation: Korthikanti et al. 2022 §5</source>
        <translation>；重计算：Korthikanti 等 2022 §5</translation>
    </message>
    <message>
        <source>Training compute</source>
        <translation>训练算力</translation>
    </message>
    <message>
        <source>C = training FLOPs/token · D ≈ 6 · N · D + attention</source>
        <translation>C = 每词元训练 FLOPs · D ≈ 6 · N · D + 注意力</translation>
    </message>
    <message>
        <source>; Hoffmann et al. 2022 eq. (4)</source>
        <translation>；Hoffmann 等 2022 式 (4)</translation>
    </message>
    <message>
        <source>Prefill FLOPs</source>
        <translation>预填充 FLOPs</translation>
    </message>
    <message>
        <source>b · s · forward FLOPs/token</source>
        <translation>b · s · 每词元前向 FLOPs</translation>
    </message>
    <message>
        <source>Decode FLOPs per step</source>
        <translation>每步解码 FLOPs</translation>
    </message>
    <message>
        <source>b · (2 · N + 2 · d · V + 4 · L · s · d_attn)</source>
        <translation>b · (2 · N + 2 · d · V + 4 · L · s · d_attn)</translation>
    </message>
    <message>
        <source>; the new token attends to the whole cache</source>
        <translation>；新词元要关注整个缓存</translation>
    </message>
    <message>
        <source>Prefill arithmetic intensity</source>
        <translation>预填充算术强度</translation>
    </message>
    <message>
        <source>prefill FLOPs / (weight bytes + KV bytes)</source>
        <translation>预填充 FLOPs / (权重字节 + 键值缓存字节)</translation>
    </message>
    <message>
        <source>Williams et al. 2009 (roofline); Pope et al. 2022 §2</source>
        <translation>Williams 等 2009（屋顶线模型）；Pope 等 2022 §2</translation>
    </message>
    <message>
        <source>Decode arithmetic intensity</source>
        <translation>解码算术强度</translation>
    </message>
    <message>
        <source>decode FLOPs / (weight bytes + KV bytes)</source>
        <translation>解码 FLOPs / (权重字节 + 键值缓存字节)</translation>
    </message>
    <message>
        <source>hardware catalog: %1</source>
        <translation>硬件目录：%1</translation>
    </message>
    <message>
        <source>Devices to hold inference</source>
        <translation>推理所需设备数</translation>
    </message>
    <message>
        <source>⌈inference memory / device memory⌉</source>
        <translation>⌈推理内存 / 设备显存⌉</translation>
    </message>
    <message>
        <source>Devices to hold training</source>
        <translation>训练所需设备数</translation>
    </message>
    <message>
        <source>⌈training memory / device memory⌉ (ZeRO-3 + tensor parallel, perfect split)</source>
        <translation>⌈训练内存 / 设备显存⌉（ZeRO-3 + 张量并行，理想切分）</translation>
    </message>
    <message>
        <source>Decode speed</source>
        <translation>解码速度</translation>
    </message>
    <message>
        <source>b / max(FLOPs / (n · peak), bytes / (n · bandwidth))</source>
        <translation>b / max(FLOPs / (n · 峰值), 字节 / (n · 带宽))</translation>
    </message>
    <message>
        <source>roofline (Williams et al. 2009); decode is memory-bound (Pope et al. 2022)</source>
        <translation>屋顶线模型（Williams 等 2009）；解码受内存带宽限制（Pope 等 2022）</translation>
    </message>
    <message>
        <source>Training time</source>
        <translation>训练时间</translation>
    </message>
    <message>
        <source>C / (devices · peak · MFU)</source>
        <translation>C / (设备数 · 峰值 · MFU)</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU 小时</translation>
    </message>
    <message>
        <source>devices · seconds / 3600</source>
        <translation>设备数 · 秒 / 3600</translation>
    </message>
    <message>
        <source>definition</source>
        <translation>定义</translation>
    </message>
    <message>
        <source>Training days</source>
        <translation>训练天数</translation>
    </message>
    <message>
        <source>seconds / 86400</source>
        <translation>秒 / 86400</translation>
    </message>
    <message>
        <source>Training cost</source>
        <translation>训练成本</translation>
    </message>
    <message>
        <source>GPU-hours · price per hour</source>
        <translation>GPU 小时 · 每小时价格</translation>
    </message>
    <message>
        <source>price given by the user</source>
        <translation>用户给定的价格</translation>
    </message>
    <message>
        <source>Predicted loss</source>
        <translation>预测损失</translation>
    </message>
    <message>
        <source>[(N_c/N)^(α_N/α_D) + D_c/D]^α_D</source>
        <translation>[(N_c/N)^(α_N/α_D) + D_c/D]^α_D</translation>
    </message>
    <message>
        <source>Compute-optimal parameters</source>
        <translation>算力最优参数量</translation>
    </message>
    <message>
        <source>N* = 1.3e9 · (C / 8.64e19)^0.73</source>
        <translation>N* = 1.3e9 · (C / 8.64e19)^0.73</translation>
    </message>
    <message>
        <source>Compute-optimal tokens</source>
        <translation>算力最优词元数</translation>
    </message>
    <message>
        <source>D* = 2e10 · (C / 8.64e19)^0.27</source>
        <translation>D* = 2e10 · (C / 8.64e19)^0.27</translation>
    </message>
    <message>
        <source>E + A / N^α + B / D^β</source>
        <translation>E + A / N^α + B / D^β</translation>
    </message>
    <message>
        <source>N* = G · (C/6)^(β/(α+β))</source>
        <translation>N* = G · (C/6)^(β/(α+β))</translation>
    </message>
    <message>
        <source>D* = (C/6)^(α/(α+β)) / G</source>
        <translation>D* = (C/6)^(α/(α+β)) / G</translation>
    </message>
    <message>
        <source>Tokens per parameter</source>
        <translation>每参数词元数</translation>
    </message>
    <message>
        <source>D / N (compute-optimal: D*/N*)</source>
        <translation>D / N（算力最优：D*/N*）</translation>
    </message>
    <message>
        <source>MFU: Chowdhery et al. 2022 (PaLM), App. B; devices: the job&apos;s when one device&apos;s share fits, else the fewest that hold training</source>
        <translation>MFU：Chowdhery 等 2022（PaLM），附录 B；设备数：单台设备放得下自己那一份时用作业的设备数，否则用能放下训练的最少设备数</translation>
    </message>
    <message>
        <source>DeepSeek-V3 inference/model.py: fp8 e4m3 projections with one fp32 scale per 128×128 block, edge blocks included; embeddings, head, norms and router in bf16</source>
        <translation>DeepSeek-V3 inference/model.py：投影矩阵为 fp8 e4m3，每个 128×128 块一个 fp32 缩放因子，边缘块也计入；嵌入、输出头、归一化和路由器为 bf16</translation>
    </message>
    <message>
        <source>OCP Microscaling Formats v1.0 §5 (32 e2m1 values + one e8m0 scale); gpt-oss quantises the experts only (config.json quantization_config)</source>
        <translation>OCP Microscaling Formats v1.0 §5（32 个 e2m1 值 + 一个 e8m0 缩放因子）；gpt-oss 只量化专家（config.json 的 quantization_config）</translation>
    </message>
    <message>
        <source>NVIDIA Model Optimizer NVFP4: e2m1 values, one e4m3 scale per 16 and one fp32 scale per tensor; the projections inside the layers only</source>
        <translation>NVIDIA Model Optimizer NVFP4：e2m1 值，每 16 个一个 e4m3 缩放因子，每个张量一个 fp32 缩放因子；只量化层内的投影矩阵</translation>
    </message>
    <message>
        <source>llama.cpp src/llama-quant.cpp (llama_tensor_get_type_impl, tensor_type_fallback) and ggml-common.h block sizes; vectors, biases and routers stay f32</source>
        <translation>llama.cpp src/llama-quant.cpp（llama_tensor_get_type_impl、tensor_type_fallback）和 ggml-common.h 的块大小；向量、偏置和路由器保持 f32</translation>
    </message>
    <message>
        <source>Σ over tensors: each tensor in the type the format&apos;s rule gives it, bytes = blocks · bytes per block (+ scales)</source>
        <translation>对所有张量求和：每个张量采用格式规则给出的类型，字节数 = 块数 · 每块字节数（+ 缩放因子）</translation>
    </message>
    <message>
        <source> + 4 · s · b · V</source>
        <translation> + 4 · s · b · V</translation>
    </message>
    <message>
        <source>; + the 32-bit logits the cross-entropy keeps (§4.3)</source>
        <translation>；另加交叉熵为反向传播保留的 32 位 logits（§4.3）</translation>
    </message>
</context>
<context>
    <name>tx::ExportActions</name>
    <message>
        <source>cannot write the file: %1</source>
        <translation>无法写入文件：%1</translation>
    </message>
    <message>
        <source>Export &amp;Report…</source>
        <translation>导出报告(&amp;R)…</translation>
    </message>
    <message>
        <source>Export Parameter &amp;Breakdown as CSV…</source>
        <translation>将参数量明细导出为 CSV(&amp;B)…</translation>
    </message>
    <message>
        <source>Export Results as &amp;JSON…</source>
        <translation>将结果导出为 JSON(&amp;J)…</translation>
    </message>
    <message>
        <source>Export Results as CS&amp;V…</source>
        <translation>将结果导出为 CSV(&amp;V)…</translation>
    </message>
    <message>
        <source>Copy Parameter Breakdown as &amp;Text</source>
        <translation>将参数量明细复制为文本(&amp;T)</translation>
    </message>
    <message>
        <source>Write a PDF, HTML or Markdown report of this design</source>
        <translation>为此设计生成 PDF、HTML 或 Markdown 报告</translation>
    </message>
    <message>
        <source>the design is invalid</source>
        <translation>设计无效</translation>
    </message>
    <message>
        <source>Export results</source>
        <translation>导出结果</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Export report</source>
        <translation>导出报告</translation>
    </message>
    <message>
        <source>PDF document (*.pdf);;Web page, one file (*.html);;Markdown with PNG charts (*.md)</source>
        <translation>PDF 文档 (*.pdf);;网页，单个文件 (*.html);;带 PNG 图表的 Markdown (*.md)</translation>
    </message>
    <message>
        <source>Export parameter breakdown</source>
        <translation>导出参数量明细</translation>
    </message>
    <message>
        <source>Export breakdown</source>
        <translation>导出明细</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>Export Design as &amp;Hugging Face Config…</source>
        <translation>将设计导出为 &amp;Hugging Face 配置…</translation>
    </message>
    <message>
        <source>Write a config.json that Hugging Face Transformers, torchtitan and Megatron-Bridge read</source>
        <translation>写出 Hugging Face Transformers、torchtitan 和 Megatron-Bridge 都能读取的 config.json</translation>
    </message>
    <message>
        <source>Export as Hugging Face config</source>
        <translation>导出为 Hugging Face 配置</translation>
    </message>
</context>
<context>
    <name>tx::ExportCommand</name>
    <message>
        <source>expected the config.json to write</source>
        <translation>需要指定要写入的 config.json</translation>
    </message>
    <message>
        <source>unexpected argument</source>
        <translation>多余的参数</translation>
    </message>
    <message>
        <source>cannot create the folder</source>
        <translation>无法创建文件夹</translation>
    </message>
    <message>
        <source>wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
</context>
<context>
    <name>tx::Factorisation</name>
    <message>
        <source>choose at least one group of matrices</source>
        <translation>至少选择一组矩阵</translation>
    </message>
    <message>
        <source>expected a rank from 0 (use --keep) to 1,000,000</source>
        <translation>秩应为 0（使用 --keep）到 1,000,000</translation>
    </message>
    <message>
        <source>expected a share of the parameters between 0 and 1, e.g. 0.5</source>
        <translation>应为参数保留比例，介于 0 和 1 之间，例如 0.5</translation>
    </message>
    <message>
        <source>multi-head latent attention is already low-rank; factorise the FFN, embeddings or head</source>
        <translation>多头潜在注意力本身已是低秩的；请分解 FFN、嵌入或输出头</translation>
    </message>
    <message>
        <source>Attention (q, k, v, o)</source>
        <translation>注意力（q、k、v、o）</translation>
    </message>
    <message>
        <source>FFN (experts each)</source>
        <translation>FFN（每个专家分别计）</translation>
    </message>
    <message>
        <source>Token embeddings</source>
        <translation>词元嵌入</translation>
    </message>
    <message>
        <source>LM head</source>
        <translation>语言模型输出头</translation>
    </message>
    <message>
        <source>Low-rank and Tucker factorisation</source>
        <translation>低秩与 Tucker 分解</translation>
    </message>
    <message>
        <source>Savings per group</source>
        <translation>各组节省</translation>
    </message>
    <message>
        <source>Matrices</source>
        <translation>矩阵数</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>秩</translation>
    </message>
    <message>
        <source>Parameters before</source>
        <translation>之前参数</translation>
    </message>
    <message>
        <source>Parameters after</source>
        <translation>之后参数</translation>
    </message>
    <message>
        <source>Saved</source>
        <translation>节省</translation>
    </message>
    <message>
        <source>FLOPs/token before</source>
        <translation>之前 FLOPs/词元</translation>
    </message>
    <message>
        <source>FLOPs/token after</source>
        <translation>之后 FLOPs/词元</translation>
    </message>
    <message>
        <source>No saving from rank</source>
        <translation>不再节省的秩</translation>
    </message>
    <message>
        <source>kept, r ≥ %1</source>
        <translation>保留原矩阵，r ≥ %1</translation>
    </message>
    <message>
        <source>Tucker 1966; Kim et al. 2016 (Tucker-2 of a weight matrix: U (m, r), core (r, r), V (r, n))</source>
        <translation>Tucker 1966；Kim 等 2016（权重矩阵的 Tucker-2 分解：U (m, r)、核心 (r, r)、V (r, n)）</translation>
    </message>
    <message>
        <source>Eckart–Young: truncated SVD W ≈ U_r Σ_r V_rᵀ, stored as (m, r) and (r, n)</source>
        <translation>Eckart–Young：截断 SVD W ≈ U_r Σ_r V_rᵀ，存为 (m, r) 与 (r, n)</translation>
    </message>
    <message>
        <source>training memory of one replica under the chosen optimizer</source>
        <translation>所选优化器下单个副本的训练内存</translation>
    </message>
    <message>
        <source>Parameters saved</source>
        <translation>节省的参数</translation>
    </message>
    <message>
        <source>definition</source>
        <translation>定义</translation>
    </message>
    <message>
        <source>Ranks are per matrix; a rank at or past mn/(m + n) (low rank) or the root of r² + r(m + n) = mn (Tucker) saves nothing, so that matrix is kept whole.</source>
        <translation>秩按每个矩阵计；秩达到或超过 mn/(m + n)（低秩）或 r² + r(m + n) = mn 的根（Tucker）时不再节省，该矩阵保持不分解。</translation>
    </message>
    <message>
        <source>The predicted loss is the scaling law&apos;s for a model of the smaller size trained from scratch; a factorised model usually needs fine-tuning to come close to it.</source>
        <translation>预测损失是缩放定律对同等较小规模、从头训练的模型的预测；分解后的模型通常需要微调才能接近它。</translation>
    </message>
    <message>
        <source>Applied to the design: the token embedding becomes ALBERT&apos;s (V, %1) table with a (%1, d) projection. The other groups cannot be stated in a design file and are not applied.</source>
        <translation>应用到设计：词元嵌入变为 ALBERT 式的 (V, %1) 表加 (%1, d) 投影。其他组无法写入设计文件，不会应用。</translation>
    </message>
    <message>
        <source>A design file cannot state factorised attention or FFN matrices; this what-if informs and does not change the design.</source>
        <translation>设计文件无法表示分解后的注意力或 FFN 矩阵；此假设分析仅供参考，不改变设计。</translation>
    </message>
</context>
<context>
    <name>tx::FileErrorDialog</name>
    <message>
        <source>This could not be opened.</source>
        <translation>无法打开。</translation>
    </message>
    <message>
        <source>%1 could not be opened.</source>
        <translation>无法打开 %1。</translation>
    </message>
    <message>
        <source>File: %1</source>
        <translation>文件：%1</translation>
    </message>
    <message>
        <source>Field: %1</source>
        <translation>字段：%1</translation>
    </message>
    <message>
        <source>Problem: %1</source>
        <translation>问题：%1</translation>
    </message>
    <message>
        <source>The design you had is kept.</source>
        <translation>原来的设计保持不变。</translation>
    </message>
</context>
<context>
    <name>tx::FineTuneMemory</name>
    <message>
        <source>expected a LoRA rank from 1 to 65,536</source>
        <translation>LoRA 秩应为 1 到 65,536</translation>
    </message>
    <message>
        <source>choose at least one matrix to adapt</source>
        <translation>至少选择一个要加适配器的矩阵</translation>
    </message>
    <message>
        <source>adapters on multi-head latent attention&apos;s projections are not modelled; adapt the FFN, experts, embeddings or head</source>
        <translation>未对多头潜在注意力的投影建模适配器；请选择 FFN、专家、嵌入或输出头</translation>
    </message>
    <message>
        <source>expected 1 to 16,777,216 tokens</source>
        <translation>应为 1 到 16,777,216 个词元</translation>
    </message>
    <message>
        <source>expected 1 to 1,000,000 sequences</source>
        <translation>应为 1 到 1,000,000 条序列</translation>
    </message>
    <message>
        <source>expected a probability from 0 to below 1</source>
        <translation>应为 0 到小于 1 的概率</translation>
    </message>
    <message>
        <source>Fine-tuning memory</source>
        <translation>微调内存</translation>
    </message>
    <message>
        <source>fine-tuning memory of one device at micro-batch %1 × %2 tokens</source>
        <translation>单设备微调内存，微批次 %1 × %2 个词元</translation>
    </message>
    <message>
        <source>full fine-tuning</source>
        <translation>全量微调</translation>
    </message>
    <message>
        <source>LoRA</source>
        <translation>LoRA</translation>
    </message>
    <message>
        <source>QLoRA</source>
        <translation>QLoRA</translation>
    </message>
    <message>
        <source>Hu et al. 2021 (LoRA), §4.1: W₀ + BA with B (d, r), A (r, k)</source>
        <translation>Hu 等 2021（LoRA），§4.1：W₀ + BA，B (d, r)、A (r, k)</translation>
    </message>
    <message>
        <source>Dettmers et al. 2023 (QLoRA), §3: NF4, blocks of 64; double quantisation 8-bit scales in blocks of 256: 0.5 → 0.127 bits per parameter</source>
        <translation>Dettmers 等 2023（QLoRA），§3：NF4，每块 64 个；双重量化将缩放因子以 256 个一块量化为 8 位：每参数 0.5 → 0.127 位</translation>
    </message>
    <message>
        <source>Korthikanti et al. 2022, eq. 1 (16-bit activations per layer)</source>
        <translation>Korthikanti 等 2022，式 1（每层 16 位激活）</translation>
    </message>
    <message>
        <source>Adapter parameters</source>
        <translation>适配器参数</translation>
    </message>
    <message>
        <source>Frozen base (NF4 + double-quantised scales)</source>
        <translation>冻结的基座（NF4 + 双重量化缩放因子）</translation>
    </message>
    <message>
        <source>Frozen base</source>
        <translation>冻结的基座</translation>
    </message>
    <message>
        <source>definition (the design&apos;s weight precision)</source>
        <translation>定义（设计的权重精度）</translation>
    </message>
    <message>
        <source>Weights, gradients and optimizer states</source>
        <translation>权重、梯度与优化器状态</translation>
    </message>
    <message>
        <source>Rajbhandari et al. 2020 (ZeRO), §3.1</source>
        <translation>Rajbhandari 等 2020（ZeRO），§3.1</translation>
    </message>
    <message>
        <source>Adapters, their gradients and AdamW states</source>
        <translation>适配器及其梯度和 AdamW 状态</translation>
    </message>
    <message>
        <source>bf16 adapters and gradients, fp32 Adam moments (QLoRA §3, paged 32-bit AdamW)</source>
        <translation>bf16 适配器与梯度，fp32 Adam 动量（QLoRA §3，分页 32 位 AdamW）</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>Logits (fp32)</source>
        <translation>Logits（fp32）</translation>
    </message>
    <message>
        <source>definition (the cross-entropy reads fp32 logits)</source>
        <translation>定义（交叉熵读取 fp32 logits）</translation>
    </message>
    <message>
        <source>sum of the parts</source>
        <translation>各部分之和</translation>
    </message>
    <message>
        <source>Training FLOPs per token</source>
        <translation>每词元训练 FLOPs</translation>
    </message>
    <message>
        <source>Kaplan et al. 2020 §2.1; a frozen weight needs no weight gradient</source>
        <translation>Kaplan 等 2020 §2.1；冻结的权重不需要权重梯度</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Adapters</source>
        <translation>适配器</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Optimizer states (paged)</source>
        <translation>优化器状态（分页）</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Logits</source>
        <translation>Logits</translation>
    </message>
    <message>
        <source>Before: full fine-tuning of the design with %1 (%2 bytes per parameter).</source>
        <translation>之前：用 %1 对设计做全量微调（每参数 %2 字节）。</translation>
    </message>
    <message>
        <source>After: %1, %2 trainable parameters (%3 % of %4).</source>
        <translation>之后：%1，%2 个可训练参数（占 %4 的 %3 %）。</translation>
    </message>
    <message>
        <source>α = %1 scales the update by α/r = %2; it changes no memory.</source>
        <translation>α = %1 将更新缩放 α/r = %2 倍；不影响内存。</translation>
    </message>
    <message>
        <source>Paged optimizer: the states live in unified memory and move to CPU RAM under pressure, so a peak above the device&apos;s memory slows the step instead of failing it.</source>
        <translation>分页优化器：状态位于统一内存中，显存紧张时移到 CPU 内存，因此超过设备内存的峰值只会拖慢这一步，而不会使其失败。</translation>
    </message>
    <message>
        <source>A_layer: what one layer&apos;s adapters keep for the backward, per adapted matrix 2·b·s·r bytes (A·x) and, with dropout, 3·b·s·d_in (the dropped input and its mask).</source>
        <translation>A_layer：一层的适配器为反向传播保留的内容，每个被适配的矩阵 2·b·s·r 字节（A·x），有 dropout 时再加 3·b·s·d_in（丢弃后的输入及其掩码）。</translation>
    </message>
    <message>
        <source>The predicted loss is the scaling law&apos;s for the base model; it does not predict fine-tuning.</source>
        <translation>预测损失是缩放定律对基座模型的预测；它不预测微调效果。</translation>
    </message>
    <message>
        <source>The design file states adapters on q, k, v, o and the whole FFN only; the other targets are counted here but not kept in the design.</source>
        <translation>设计文件只能表示 q、k、v、o 和整个 FFN 上的适配器；其他目标在此计入，但不会保存在设计中。</translation>
    </message>
    <message>
        <source>Applied as int4 in groups of 64 with fp16 scales (4.25 bits), the design&apos;s nearest format to NF4 with double quantisation (4.127 bits).</source>
        <translation>以 int4、每 64 个一组、fp16 缩放因子（4.25 位）应用，这是设计中最接近 NF4 双重量化（4.127 位）的格式。</translation>
    </message>
</context>
<context>
    <name>tx::ForwardDump</name>
    <message>
        <source>cannot write: %1</source>
        <translation>无法写入：%1</translation>
    </message>
</context>
<context>
    <name>tx::ForwardStepView</name>
    <message>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <source>Trained demo model</source>
        <translation>训练好的演示模型</translation>
    </message>
    <message>
        <source>Current design (random weights)</source>
        <translation>当前设计（随机权重）</translation>
    </message>
    <message>
        <source>Text:</source>
        <translation>文本：</translation>
    </message>
    <message>
        <source>Head:</source>
        <translation>注意力头：</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>◀ &amp;Back</source>
        <translation>◀ 上一步(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Next ▶</source>
        <translation>下一步(&amp;N) ▶</translation>
    </message>
    <message>
        <source>Temperature:</source>
        <translation>温度：</translation>
    </message>
    <message>
        <source>Top-k (0 = all):</source>
        <translation>Top-k（0 = 全部）：</translation>
    </message>
    <message>
        <source>Press Run to send the text through the model.</source>
        <translation>按“运行”让文本走一遍模型。</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>正在运行…</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source>Shape %1</source>
        <translation>形状 %1</translation>
    </message>
    <message>
        <source> · showing %1 × %2 of it</source>
        <translation> · 显示其中 %1 × %2</translation>
    </message>
    <message>
        <source>token</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>query</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>Likeliest next tokens:</source>
        <translation>最可能的下一个词元：</translation>
    </message>
    <message>
        <source>Sampled (seed 1): “%1”</source>
        <translation>采样结果（种子 1）：“%1”</translation>
    </message>
    <message>
        <source>Why ÷√d_k? Show the weights without it</source>
        <translation>为什么要 ÷√d_k？显示不除时的权重</translation>
    </message>
    <message>
        <source>Each query&apos;s largest weight, on average: %1 with ÷√%3, %2 without. Without the scaling the dot products grow with d_k and the softmax saturates onto one key; its gradients vanish.</source>
        <translation>每个查询最大的那个权重，平均值：÷√%3 时为 %1，不除时为 %2。不缩放的话，点积随 d_k 增大，softmax 饱和到一个键上，梯度随之消失。</translation>
    </message>
    <message>
        <source>%1 without ÷√d_k</source>
        <translation>%1（不 ÷√d_k）</translation>
    </message>
</context>
<context>
    <name>tx::ForwardStepWorker</name>
    <message>
        <source>This design has no tokenizer and fewer than 256 tokens: it cannot read text.</source>
        <translation>这个设计没有分词器，词表又少于 256 个词元：无法读取文本。</translation>
    </message>
    <message>
        <source>Trained demo model (Tang poems)</source>
        <translation>训练好的演示模型（唐诗）</translation>
    </message>
    <message>
        <source>Current design, random weights (seed 1)</source>
        <translation>当前设计，随机权重（种子 1）</translation>
    </message>
    <message>
        <source> · %1 layers · d_model %2 · %3 heads</source>
        <translation> · %1 层 · d_model %2 · %3 个头</translation>
    </message>
    <message>
        <source> · scaled down: %1</source>
        <translation> · 已缩小：%1</translation>
    </message>
</context>
<context>
    <name>tx::ForwardTrace</name>
    <message>
        <source>type at least one token</source>
        <translation>请至少输入一个词元</translation>
    </message>
    <message>
        <source>%1 tokens; this model reads at most %2</source>
        <translation>%1 个词元；这个模型最多读 %2 个</translation>
    </message>
    <message>
        <source>token id %1 is outside the vocabulary of %2</source>
        <translation>词元编号 %1 超出了 %2 个词元的词表</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Text → %1 token ids</source>
        <translation>文本 → %1 个词元编号</translation>
    </message>
    <message>
        <source>one id per token, each in 0 … %1</source>
        <translation>每个词元一个编号，范围 0 … %1</translation>
    </message>
    <message>
        <source>id</source>
        <translation>编号</translation>
    </message>
    <message>
        <source> + P[0 … %1]</source>
        <translation> + P[0 … %1]</translation>
    </message>
    <message>
        <source>x₀ = E[ids]%1: rows of the (%2, %3) token table</source>
        <translation>x₀ = E[ids]%1：取 (%2, %3) 词元表中的行</translation>
    </message>
    <message>
        <source>; positions enter later, as RoPE rotations of Q and K</source>
        <translation>；位置稍后以 RoPE 旋转 Q 和 K 的方式加入</translation>
    </message>
    <message>
        <source>Embeddings</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>%1 · %2 before attention</source>
        <translation>%1 · 注意力之前的 %2</translation>
    </message>
    <message>
        <source>each row scaled to unit size, times a learned scale of %1</source>
        <translation>每行缩放到单位大小，再乘以 %1 维的学习缩放</translation>
    </message>
    <message>
        <source>%1 · Q of head %2</source>
        <translation>%1 · 第 %2 个头的 Q</translation>
    </message>
    <message>
        <source>Q = x·W_Q%1: head %2&apos;s columns; all heads&apos; Q, K, V: (%3, %4)</source>
        <translation>Q = x·W_Q%1：第 %2 个头的列；所有头的 Q、K、V：(%3, %4)</translation>
    </message>
    <message>
        <source>, rotated by RoPE</source>
        <translation>，经 RoPE 旋转</translation>
    </message>
    <message>
        <source>%1 · attention weights of head %2</source>
        <translation>%1 · 第 %2 个头的注意力权重</translation>
    </message>
    <message>
        <source>softmax(Q·Kᵀ / √%1 + causal mask): row = query, column = key; each row sums to 1</source>
        <translation>softmax(Q·Kᵀ / √%1 + 因果掩码)：行 = 查询，列 = 键；每行之和为 1</translation>
    </message>
    <message>
        <source>%1 · attention output</source>
        <translation>%1 · 注意力输出</translation>
    </message>
    <message>
        <source>the %1 heads&apos; weighted sums of V side by side (%2, %3), times W_O (%3, %4)</source>
        <translation>%1 个头对 V 的加权和并排 (%2, %3)，乘以 W_O (%3, %4)</translation>
    </message>
    <message>
        <source>%1 · residual after attention</source>
        <translation>%1 · 注意力之后的残差</translation>
    </message>
    <message>
        <source>h = x + attention(x): the stream each layer adds to</source>
        <translation>h = x + attention(x)：每层都往这条残差流里加东西</translation>
    </message>
    <message>
        <source>%1 · FFN hidden units</source>
        <translation>%1 · 前馈网络隐藏单元</translation>
    </message>
    <message>
        <source>act(x·W_gate) ⊙ (x·W_up): %1 units per token</source>
        <translation>act(x·W_gate) ⊙ (x·W_up)：每个词元 %1 个单元</translation>
    </message>
    <message>
        <source>act(x·W_up + b): %1 units per token</source>
        <translation>act(x·W_up + b)：每个词元 %1 个单元</translation>
    </message>
    <message>
        <source>%1 · output</source>
        <translation>%1 · 输出</translation>
    </message>
    <message>
        <source>h + FFN(norm(h)) = x%1, the next layer&apos;s input</source>
        <translation>h + FFN(norm(h)) = x%1，下一层的输入</translation>
    </message>
    <message>
        <source>Final %1</source>
        <translation>最终 %1</translation>
    </message>
    <message>
        <source>the last layer&apos;s output, normalised</source>
        <translation>最后一层的输出，归一化后</translation>
    </message>
    <message>
        <source>Logits</source>
        <translation>Logits</translation>
    </message>
    <message>
        <source>x·W_vocab: one score per vocabulary entry (%1) for every position; shown: the columns of the 5 likeliest next tokens</source>
        <translation>x·W_vocab：每个位置对词表中每个词元（%1 个）各打一个分数；这里显示最可能的 5 个下一个词元那几列</translation>
    </message>
    <message>
        <source>Next token</source>
        <translation>下一个词元</translation>
    </message>
    <message>
        <source>softmax(logits of the last position / temperature): the 5 likeliest of %1</source>
        <translation>softmax(最后一个位置的 logits / 温度)：%1 个中最可能的 5 个</translation>
    </message>
    <message>
        <source>%1 · %2 before the FFN</source>
        <translation>%1 · 前馈网络之前的 %2</translation>
    </message>
    <message>
        <source>the residual stream normalised again for the feed-forward network</source>
        <translation>为前馈网络再次归一化残差流</translation>
    </message>
    <message>
        <source>“%1” looks most at %2</source>
        <translation>“%1”最关注的是 %2</translation>
    </message>
    <message>
        <source>start (id %1)</source>
        <translation>起始（id %1）</translation>
    </message>
</context>
<context>
    <name>tx::GgufReader</name>
    <message>
        <source>cannot open: %1</source>
        <translation>无法打开：%1</translation>
    </message>
    <message>
        <source> (at byte %1)</source>
        <translation>（位于第 %1 字节）</translation>
    </message>
    <message>
        <source>the file ends inside this field: it is truncated</source>
        <translation>文件在此字段中途结束：文件被截断</translation>
    </message>
    <message>
        <source>the file does not start with &quot;GGUF&quot;</source>
        <translation>文件不以“GGUF”开头</translation>
    </message>
    <message>
        <source>GGUF v1 (32-bit counts) is not supported; convert the file to v3</source>
        <translation>不支持 GGUF v1（32 位计数）；请把文件转换为 v3</translation>
    </message>
    <message>
        <source>%1 looks like a big-endian file, which is not supported</source>
        <translation>%1 看起来是大端序文件，不受支持</translation>
    </message>
    <message>
        <source>unknown version %1 (supported: 2, 3)</source>
        <translation>未知版本 %1（支持：2、3）</translation>
    </message>
    <message>
        <source>%1 key/values cannot fit in the %2 bytes left</source>
        <translation>剩余的 %2 字节容纳不下 %1 个键值对</translation>
    </message>
    <message>
        <source>%1 tensors cannot fit in the %2 bytes left</source>
        <translation>剩余的 %2 字节容纳不下 %1 个张量</translation>
    </message>
    <message>
        <source>a string of %1 bytes runs past the end of the file (%2 bytes left)</source>
        <translation>长度为 %1 字节的字符串超出了文件末尾（只剩 %2 字节）</translation>
    </message>
    <message>
        <source>a string of %1 bytes is longer than the %2 bytes this reader accepts</source>
        <translation>长度为 %1 字节的字符串超过了本读取器接受的 %2 字节</translation>
    </message>
    <message>
        <source>a bool must be 0 or 1, not %1</source>
        <translation>布尔值必须为 0 或 1，而不是 %1</translation>
    </message>
    <message>
        <source>arrays nested deeper than %1 levels</source>
        <translation>数组嵌套超过 %1 层</translation>
    </message>
    <message>
        <source>unknown array element type %1</source>
        <translation>未知的数组元素类型 %1</translation>
    </message>
    <message>
        <source>an array of %1 %2 values runs past the end of the file (%3 bytes left)</source>
        <translation>含 %1 个 %2 值的数组超出了文件末尾（只剩 %3 字节）</translation>
    </message>
    <message>
        <source>unknown value type %1</source>
        <translation>未知的值类型 %1</translation>
    </message>
    <message>
        <source>metadata key %1</source>
        <translation>元数据键 %1</translation>
    </message>
    <message>
        <source>the key appears twice</source>
        <translation>该键出现了两次</translation>
    </message>
    <message>
        <source>must be a uint32, not %1</source>
        <translation>必须是 uint32，而不是 %1</translation>
    </message>
    <message>
        <source>%1 is not a power of two</source>
        <translation>%1 不是 2 的幂</translation>
    </message>
    <message>
        <source>tensor %1 name</source>
        <translation>张量 %1 的名称</translation>
    </message>
    <message>
        <source>two tensors have this name</source>
        <translation>有两个张量使用这个名称</translation>
    </message>
    <message>
        <source>%1 dimensions, more than ggml&apos;s %2</source>
        <translation>%1 个维度，超过了 ggml 的上限 %2</translation>
    </message>
    <message>
        <source>dimension %1 is %2, past int64</source>
        <translation>第 %1 维为 %2，超出 int64</translation>
    </message>
    <message>
        <source>the dimensions multiply past int64</source>
        <translation>各维度之积超出 int64</translation>
    </message>
    <message>
        <source>unknown or removed ggml type %1</source>
        <translation>未知或已移除的 ggml 类型 %1</translation>
    </message>
    <message>
        <source>ne[0] = %1 is not a whole number of %2 blocks of %3 values</source>
        <translation>ne[0] = %1 不是整数个 %2 块（每块 %3 个值）</translation>
    </message>
    <message>
        <source>the tensor&apos;s bytes overflow int64</source>
        <translation>张量的字节数超出 int64</translation>
    </message>
    <message>
        <source>%1 is past the end of the %2-byte file</source>
        <translation>%1 超出了这个 %2 字节文件的末尾</translation>
    </message>
    <message>
        <source>the file ends before the tensor data begins at byte %1</source>
        <translation>文件在张量数据开始处（第 %1 字节）之前就结束了</translation>
    </message>
    <message>
        <source>%1 is not a multiple of the alignment %2</source>
        <translation>%1 不是对齐值 %2 的倍数</translation>
    </message>
    <message>
        <source>the tensor&apos;s %1 bytes at offset %2 reach past the %3 bytes of tensor data: the file is truncated or the offset is wrong</source>
        <translation>该张量位于偏移 %2 的 %1 字节超出了 %3 字节的张量数据：文件被截断，或偏移有误</translation>
    </message>
    <message>
        <source>the tensor overlaps %1 (bytes %2 to %3 of the tensor data)</source>
        <translation>该张量与 %1 重叠（张量数据的第 %2 到 %3 字节）</translation>
    </message>
</context>
<context>
    <name>tx::Gpt2Tokenizer</name>
    <message>
        <source>cannot open: %1</source>
        <translation>无法打开：%1</translation>
    </message>
    <message>
        <source>too large for a vocabulary (%1 bytes)</source>
        <translation>作为词表过大（%1 字节）</translation>
    </message>
    <message>
        <source>not a JSON object of token ids (%1)</source>
        <translation>不是由词元 id 组成的 JSON 对象（%1）</translation>
    </message>
    <message>
        <source>token id must be an integer from 0 to 16777215</source>
        <translation>词元 id 必须是 0 到 16777215 之间的整数</translation>
    </message>
    <message>
        <source>too large for a merges file (%1 bytes)</source>
        <translation>作为 merges 文件过大（%1 字节）</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>第 %1 行</translation>
    </message>
    <message>
        <source>expected two symbols separated by a space</source>
        <translation>应为以空格分隔的两个符号</translation>
    </message>
    <message>
        <source>token id %1 is far past the vocabulary&apos;s %2 entries (ids must be below %3)</source>
        <translation>词元 id %1 远超出词表的 %2 个条目（id 必须小于 %3）</translation>
    </message>
</context>
<context>
    <name>tx::HardwareCatalog</name>
    <message>
        <source>expected &quot;transformer-explorer-hardware&quot;</source>
        <translation>应为“transformer-explorer-hardware”</translation>
    </message>
    <message>
        <source>unsupported version (expected 1)</source>
        <translation>不支持的版本（应为 1）</translation>
    </message>
    <message>
        <source>expected a non-empty array of devices</source>
        <translation>应为非空的设备数组</translation>
    </message>
    <message>
        <source>expected an object</source>
        <translation>应为对象</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>duplicate id &quot;%1&quot;</source>
        <translation>重复的 id“%1”</translation>
    </message>
    <message>
        <source>expected a positive number of bytes</source>
        <translation>应为正的字节数</translation>
    </message>
    <message>
        <source>expected a positive number of bytes per second</source>
        <translation>应为正的每秒字节数</translation>
    </message>
    <message>
        <source>expected an object of FLOP/s per precision</source>
        <translation>应为按精度给出 FLOP/s 的对象</translation>
    </message>
    <message>
        <source>expected a non-negative number of FLOP/s</source>
        <translation>应为非负的 FLOP/s</translation>
    </message>
    <message>
        <source>unknown precision (expected fp32, bf16, fp8, int8, int4)</source>
        <translation>未知精度（应为 fp32、bf16、fp8、int8、int4）</translation>
    </message>
    <message>
        <source>needs at least fp32 or bf16</source>
        <translation>至少需要 fp32 或 bf16</translation>
    </message>
    <message>
        <source>expected a non-negative number of dollars</source>
        <translation>应为非负的美元金额</translation>
    </message>
    <message>
        <source>cannot open: %1</source>
        <translation>无法打开：%1</translation>
    </message>
    <message>
        <source>larger than 4 MB; not a hardware catalog</source>
        <translation>大于 4 MB；不是硬件目录</translation>
    </message>
    <message>
        <source>unknown key</source>
        <translation>未知键</translation>
    </message>
    <message>
        <source>expected a string</source>
        <translation>应为字符串</translation>
    </message>
    <message>
        <source>expected gpu, tpu, apple, cpu or edge</source>
        <translation>应为 gpu、tpu、apple、cpu 或 edge</translation>
    </message>
    <message>
        <source>expected a non-negative number of bytes per second</source>
        <translation>应为非负的每秒字节数</translation>
    </message>
    <message>
        <source>expected rental or purchase</source>
        <translation>应为 rental 或 purchase</translation>
    </message>
</context>
<context>
    <name>tx::HeadHeatmaps</name>
    <message>
        <source>Layer %1 · Head %2 — pre-softmax scores q·k/√d</source>
        <translation>第 %1 层 · 第 %2 个头 — softmax 前的分数 q·k/√d</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 — attention probabilities</source>
        <translation>第 %1 层 · 第 %2 个头 — 注意力概率</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2</source>
        <translation>第 %1 层 · 第 %2 个头</translation>
    </message>
    <message>
        <source>sliding window of %1 tokens</source>
        <translation>%1 个词元的滑动窗口</translation>
    </message>
    <message>
        <source>chunks of %1 tokens</source>
        <translation>每块 %1 个词元</translation>
    </message>
    <message>
        <source> · %1 head (%2)</source>
        <translation> · %1头（%2）</translation>
    </message>
    <message>
        <source>query</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>previous token</source>
        <translation>前一词元</translation>
    </message>
    <message>
        <source>induction</source>
        <translation>归纳</translation>
    </message>
    <message>
        <source>first token</source>
        <translation>首词元</translation>
    </message>
    <message>
        <source>punctuation</source>
        <translation>标点</translation>
    </message>
    <message>
        <source>sink · mean %1 %</source>
        <translation>汇聚 · 平均 %1 %</translation>
    </message>
</context>
<context>
    <name>tx::HeadSummaryTable</name>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>注意力头</translation>
    </message>
    <message>
        <source>Entropy (bits)</source>
        <translation>熵（比特）</translation>
    </message>
    <message>
        <source>→ previous token</source>
        <translation>→ 前一词元</translation>
    </message>
    <message>
        <source>→ first token</source>
        <translation>→ 首个词元</translation>
    </message>
    <message>
        <source>Entropy: 0 bits when a query looks at one key, log2(visible keys) when it spreads evenly. Strongest previous-token head: layer %1 head %2 (%3). Strongest first-token head: layer %4 head %5 (%6). Double-click a row to enlarge it.</source>
        <translation>熵：查询只看一个键时为 0 比特，均匀分散时为 log2(可见键数)。最强的前一词元头：第 %1 层第 %2 个头（%3）。最强的首词元头：第 %4 层第 %5 个头（%6）。双击某行可将其放大。</translation>
    </message>
</context>
<context>
    <name>tx::HeatmapGrid</name>
    <message>
        <source>H%1</source>
        <translation>H%1</translation>
    </message>
    <message>
        <source>L%1</source>
        <translation>L%1</translation>
    </message>
</context>
<context>
    <name>tx::HeatmapPainter</name>
    <message>
        <source>grey: masked, the query cannot see this key</source>
        <translation>灰色：已遮蔽，查询看不到这个键</translation>
    </message>
</context>
<context>
    <name>tx::HeatmapWidget</name>
    <message>
        <source>%1 — click to enlarge</source>
        <translation>%1 — 点击放大</translation>
    </message>
    <message>
        <source>masked</source>
        <translation>已遮蔽</translation>
    </message>
    <message>
        <source>%1 %2 “%3” → %4 %5 “%6”: %7</source>
        <translation>%1 %2 “%3” → %4 %5 “%6”：%7</translation>
    </message>
    <message>
        <source>%1 %2 “%3” → the sink: %4</source>
        <translation>%1 %2“%3”→ 汇聚：%4</translation>
    </message>
</context>
<context>
    <name>tx::HfAlbertCheckpoint</name>
    <message>
        <source>ALBERT checkpoints hold an encoder</source>
        <translation>ALBERT 检查点保存的是编码器</translation>
    </message>
    <message>
        <source>ALBERT has learned positions</source>
        <translation>ALBERT 使用可学习的位置嵌入</translation>
    </message>
    <message>
        <source>ALBERT has post-LayerNorm blocks after an embedding LayerNorm, without a final norm</source>
        <translation>ALBERT 在嵌入 LayerNorm 之后是后置 LayerNorm 的块，没有最终归一化</translation>
    </message>
    <message>
        <source>ALBERT&apos;s embedding table is narrower than d_model and projected up</source>
        <translation>ALBERT 的嵌入表比 d_model 窄，再投影到 d_model</translation>
    </message>
    <message>
        <source>ALBERT has a token-type table</source>
        <translation>ALBERT 有 token 类型表</translation>
    </message>
    <message>
        <source>ALBERT has biases on every projection</source>
        <translation>ALBERT 的每个投影都有偏置</translation>
    </message>
    <message>
        <source>ALBERT&apos;s heads are d_model / n_heads wide, as many for keys and values as for queries</source>
        <translation>ALBERT 每个头宽 d_model / n_heads，键/值头与查询头一样多</translation>
    </message>
    <message>
        <source>ALBERT has a dense 2-matrix FFN</source>
        <translation>ALBERT 使用两矩阵的稠密 FFN</translation>
    </message>
    <message>
        <source>ALBERT&apos;s groups are runs of equal length that divide n_layers (%1)</source>
        <translation>ALBERT 的分组是等长的连续层，组长须整除 n_layers（%1）</translation>
    </message>
    <message>
        <source>ALBERT checkpoints end in the masked-LM head, tied to the table, with its bias</source>
        <translation>ALBERT 检查点以掩码语言模型头结尾，与嵌入表绑定，并带偏置</translation>
    </message>
    <message>
        <source>the engine does not load or save ALBERT&apos;s pooler</source>
        <translation>引擎不加载也不保存 ALBERT 的池化层</translation>
    </message>
    <message>
        <source>ALBERT checkpoints have no query/key norms, sinks, soft-capping, windows or latent attention</source>
        <translation>ALBERT 检查点没有查询/键归一化、注意力汇聚、软截断、窗口或潜在注意力</translation>
    </message>
</context>
<context>
    <name>tx::HfCheckpoint</name>
    <message>
        <source>not supported by the engine</source>
        <translation>引擎不支持</translation>
    </message>
    <message>
        <source>RoPE scaling &quot;%1&quot; is not supported by the engine</source>
        <translation>引擎不支持 RoPE 缩放“%1”</translation>
    </message>
    <message>
        <source>GPT-2 and Llama checkpoints are decoder-only</source>
        <translation>GPT-2 和 Llama 检查点均为仅解码器</translation>
    </message>
    <message>
        <source>GPT-2 and Llama use sequential pre-norm blocks with a final norm</source>
        <translation>GPT-2 和 Llama 使用顺序的前置归一化块，并带有最终归一化</translation>
    </message>
    <message>
        <source>GPT-2 and Llama checkpoints store every layer</source>
        <translation>GPT-2 和 Llama 检查点存储每一层</translation>
    </message>
    <message>
        <source>GPT-2 and Llama heads have no bias</source>
        <translation>GPT-2 和 Llama 的输出头没有偏置</translation>
    </message>
    <message>
        <source>GPT-2 uses LayerNorm</source>
        <translation>GPT-2 使用 LayerNorm</translation>
    </message>
    <message>
        <source>GPT-2 has a dense 2-matrix FFN</source>
        <translation>GPT-2 使用稠密的双矩阵前馈网络</translation>
    </message>
    <message>
        <source>GPT-2 has as many key/value heads as query heads</source>
        <translation>GPT-2 的键值头数与查询头数相同</translation>
    </message>
    <message>
        <source>GPT-2&apos;s head size is d_model / n_heads</source>
        <translation>GPT-2 的头维度为 d_model / n_heads</translation>
    </message>
    <message>
        <source>GPT-2 has biases on every projection</source>
        <translation>GPT-2 的每个投影都有偏置</translation>
    </message>
    <message>
        <source>Llama uses RMSNorm</source>
        <translation>Llama 使用 RMSNorm</translation>
    </message>
    <message>
        <source>Llama has a gated 3-matrix FFN</source>
        <translation>Llama 使用门控的三矩阵前馈网络</translation>
    </message>
    <message>
        <source>GPT-2 checkpoints need learned positions, Llama rotary ones</source>
        <translation>GPT-2 检查点需要可学习的位置，Llama 需要旋转位置</translation>
    </message>
    <message>
        <source>GPT-2 and Llama configs attend to the whole context</source>
        <translation>GPT-2 和 Llama 的配置关注整个上下文</translation>
    </message>
    <message>
        <source>Llama&apos;s attention_bias covers q, k, v and o together</source>
        <translation>Llama 的 attention_bias 同时涵盖 q、k、v 和 o</translation>
    </message>
    <message>
        <source>no such file or folder</source>
        <translation>没有该文件或文件夹</translation>
    </message>
    <message>
        <source>cannot open the config.json that must sit beside the weights</source>
        <translation>无法打开必须与权重放在一起的 config.json</translation>
    </message>
    <message>
        <source>too large for a config.json</source>
        <translation>作为 config.json 过大</translation>
    </message>
    <message>
        <source>cannot create the folder</source>
        <translation>无法创建文件夹</translation>
    </message>
    <message>
        <source>cannot write: %1</source>
        <translation>无法写入：%1</translation>
    </message>
    <message>
        <source>expected a number in (%1, %2]</source>
        <translation>应为 (%1, %2] 范围内的数字</translation>
    </message>
    <message>
        <source>expected true or false</source>
        <translation>应为 true 或 false</translation>
    </message>
    <message>
        <source>GPT-2 and Llama checkpoints have no query/key norms</source>
        <translation>GPT-2 和 Llama 检查点没有查询/键归一化</translation>
    </message>
    <message>
        <source>GPT-2 and Llama checkpoints have no attention sinks</source>
        <translation>GPT-2 和 Llama 检查点没有注意力汇聚（sink）</translation>
    </message>
    <message>
        <source>GPT-2 and Llama use one attention pattern for every layer</source>
        <translation>GPT-2 和 Llama 每一层使用同一种注意力模式</translation>
    </message>
    <message>
        <source>GPT-2 and Llama do not soft-cap logits</source>
        <translation>GPT-2 和 Llama 不对 logits 做软截断</translation>
    </message>
    <message>
        <source>&quot;%1&quot; has no tensor layout the engine loads (%2: %3)</source>
        <translation>“%1”不具有引擎可加载的张量布局（%2：%3）</translation>
    </message>
    <message>
        <source>GPT-2 and Llama checkpoints have no factorised embedding</source>
        <translation>GPT-2 和 Llama 检查点没有分解嵌入</translation>
    </message>
    <message>
        <source>GPT-2 and Llama rotate every layer alike</source>
        <translation>GPT-2 和 Llama 的每一层都以相同方式旋转</translation>
    </message>
    <message>
        <source>only gpt_oss (MXFP4 experts) and deepseek_v3 (fp8) checkpoints are stored quantised</source>
        <translation>只有 gpt_oss（MXFP4 专家）和 deepseek_v3（fp8）检查点以量化形式保存</translation>
    </message>
</context>
<context>
    <name>tx::HfConfigExporter</name>
    <message>
        <source>post-norm has no Hugging Face causal-LM family here</source>
        <translation>后置归一化在这里没有对应的 Hugging Face 因果语言模型族</translation>
    </message>
    <message>
        <source>Llama 4&apos;s weightless QK-norm and full-width QK-norm without OLMo 2&apos;s norms are not exported</source>
        <translation>Llama 4 的无权重 QK 归一化，以及不带 OLMo 2 归一化方式的全宽 QK 归一化，均无法导出</translation>
    </message>
    <message>
        <source>cannot write: %1</source>
        <translation>无法写入：%1</translation>
    </message>
    <message>
        <source>only decoder-only designs export as a Hugging Face causal LM</source>
        <translation>只有仅解码器的设计能导出为 Hugging Face 因果语言模型</translation>
    </message>
    <message>
        <source>the exported families use rotary positions</source>
        <translation>可导出的模型族都使用旋转位置编码</translation>
    </message>
    <message>
        <source>the exported families use RMSNorm</source>
        <translation>可导出的模型族都使用 RMSNorm</translation>
    </message>
    <message>
        <source>the exported families use a gated FFN</source>
        <translation>可导出的模型族都使用门控 FFN</translation>
    </message>
    <message>
        <source>the exported families run attention and FFN one after the other</source>
        <translation>可导出的模型族都先后执行注意力和 FFN</translation>
    </message>
    <message>
        <source>the exported families end in a final norm and an LM head without bias</source>
        <translation>可导出的模型族都以最终归一化和无偏置的语言模型头结束</translation>
    </message>
    <message>
        <source>token types, a pooler, an embedding norm or a factorized embedding have no place in the exported families</source>
        <translation>可导出的模型族没有 token 类型、池化层、嵌入归一化或分解嵌入</translation>
    </message>
    <message>
        <source>cross-layer sharing has no Hugging Face causal-LM family</source>
        <translation>跨层共享没有对应的 Hugging Face 因果语言模型族</translation>
    </message>
    <message>
        <source>LoRA adapters are saved apart (adapter_config.json), not in config.json</source>
        <translation>LoRA 适配器另行保存（adapter_config.json），不写入 config.json</translation>
    </message>
    <message>
        <source>config.json records fp32, fp16 or bf16 (torch_dtype)</source>
        <translation>config.json 只记录 fp32、fp16 或 bf16（torch_dtype）</translation>
    </message>
    <message>
        <source>config.json does not record the KV-cache precision; use bf16</source>
        <translation>config.json 不记录 KV 缓存精度；请使用 bf16</translation>
    </message>
    <message>
        <source>chunked and no-RoPE layers (Llama 4) are not exported</source>
        <translation>分块层和无 RoPE 层（Llama 4）无法导出</translation>
    </message>
    <message>
        <source>this family has one attention_bias for q, k, v and o</source>
        <translation>该模型族的 q、k、v、o 共用一个 attention_bias</translation>
    </message>
    <message>
        <source>the %1 family has no experts</source>
        <translation>%1 模型族没有专家</translation>
    </message>
    <message>
        <source>the %1 family has no sliding window</source>
        <translation>%1 模型族没有滑动窗口</translation>
    </message>
    <message>
        <source>only gpt_oss has attention sinks</source>
        <translation>只有 gpt_oss 有注意力汇（sink）</translation>
    </message>
    <message>
        <source>only Gemma 2 soft-caps logits</source>
        <translation>只有 Gemma 2 对 logits 做软截断</translation>
    </message>
    <message>
        <source>only deepseek_v3 and glm4_moe carry MTP modules</source>
        <translation>只有 deepseek_v3 和 glm4_moe 带多 token 预测模块</translation>
    </message>
    <message>
        <source>this family makes every layer after the dense ones sparse</source>
        <translation>该模型族在稠密层之后的每一层都是稀疏层</translation>
    </message>
    <message>
        <source>this family keeps only the first layers dense (first_k_dense_replace)</source>
        <translation>该模型族只让最前面的若干层保持稠密（first_k_dense_replace）</translation>
    </message>
    <message>
        <source>this family&apos;s router has no bias</source>
        <translation>该模型族的路由器没有偏置</translation>
    </message>
    <message>
        <source>this family&apos;s shared experts are as wide as the routed ones</source>
        <translation>该模型族的共享专家与路由专家同宽</translation>
    </message>
    <message>
        <source>DeepSeek has one attention_bias for q_a, kv_a and o</source>
        <translation>DeepSeek 的 q_a、kv_a、o 共用一个 attention_bias</translation>
    </message>
    <message>
        <source>DeepSeek has no sliding window</source>
        <translation>DeepSeek 没有滑动窗口</translation>
    </message>
    <message>
        <source>DeepSeek has no sinks and no soft-capping</source>
        <translation>DeepSeek 没有注意力汇，也不做软截断</translation>
    </message>
    <message>
        <source>DeepSeek uses pre-norm</source>
        <translation>DeepSeek 使用前置归一化</translation>
    </message>
    <message>
        <source>gpt_oss is a mixture of experts in every layer</source>
        <translation>gpt_oss 每层都是混合专家</translation>
    </message>
    <message>
        <source>gpt_oss has a biased router, biased experts and no shared experts</source>
        <translation>gpt_oss 的路由器和专家带偏置，没有共享专家</translation>
    </message>
    <message>
        <source>gpt_oss uses pre-norm without QK-norm</source>
        <translation>gpt_oss 使用前置归一化，没有 QK 归一化</translation>
    </message>
    <message>
        <source>gpt_oss has no soft-capping and no MTP</source>
        <translation>gpt_oss 不做软截断，也没有多 token 预测</translation>
    </message>
    <message>
        <source>Gemma has no sinks and no MTP</source>
        <translation>Gemma 没有注意力汇，也没有多 token 预测</translation>
    </message>
    <message>
        <source>Gemma 3 normalises q and k per head; Gemma 2 not at all</source>
        <translation>Gemma 3 按头对 q 和 k 归一化；Gemma 2 完全不做</translation>
    </message>
    <message>
        <source>OLMo 2 normalises q and k over the full projected width</source>
        <translation>OLMo 2 在完整投影宽度上对 q 和 k 归一化</translation>
    </message>
    <message>
        <source>qwen3_moe has no shared experts, router bias or dense first layers</source>
        <translation>qwen3_moe 没有共享专家、路由器偏置或前置稠密层</translation>
    </message>
    <message>
        <source>glm4_moe routes with the score-correction bias</source>
        <translation>glm4_moe 使用分数校正偏置进行路由</translation>
    </message>
    <message>
        <source>glm4_moe&apos;s o_proj has no bias</source>
        <translation>glm4_moe 的 o_proj 没有偏置</translation>
    </message>
    <message>
        <source>glm4_moe normalises q and k per head or not at all</source>
        <translation>glm4_moe 按头对 q 和 k 归一化，或者不做</translation>
    </message>
    <message>
        <source>glm4_moe has no sinks and no soft-capping</source>
        <translation>glm4_moe 没有注意力汇，也不做软截断</translation>
    </message>
    <message>
        <source>mixtral routes every layer through a router without bias</source>
        <translation>mixtral 每层都经过无偏置的路由器</translation>
    </message>
    <message>
        <source>mixtral&apos;s experts are intermediate_size wide</source>
        <translation>mixtral 的专家宽度为 intermediate_size</translation>
    </message>
    <message>
        <source>a per-layer pattern needs gpt_oss or Gemma; mistral slides every layer</source>
        <translation>逐层模式需要 gpt_oss 或 Gemma；mistral 每层都用滑动窗口</translation>
    </message>
    <message>
        <source>a per-layer pattern needs gpt_oss or Gemma; mixtral slides every layer</source>
        <translation>逐层模式需要 gpt_oss 或 Gemma；mixtral 每层都用滑动窗口</translation>
    </message>
    <message>
        <source>%1 scores experts with a softmax, not a sigmoid (DeepSeek-V3&apos;s router exports as deepseek_v3 or glm4_moe)</source>
        <translation>%1 用 softmax 而不是 sigmoid 给专家打分（DeepSeek-V3 的路由器导出为 deepseek_v3 或 glm4_moe）</translation>
    </message>
    <message>
        <source>%1 does not limit the choice to groups of experts</source>
        <translation>%1 不把选择限制在专家组内</translation>
    </message>
    <message>
        <source>%1 does not scale the routed experts&apos; weights</source>
        <translation>%1 不缩放路由专家的权重</translation>
    </message>
    <message>
        <source>%1 always renormalises the top k weights</source>
        <translation>%1 总是把前 k 个权重重新归一化</translation>
    </message>
    <message>
        <source>only gpt_oss clamps its SwiGLU (swiglu_limit)</source>
        <translation>只有 gpt_oss 截断其 SwiGLU（swiglu_limit）</translation>
    </message>
    <message>
        <source>only Gemma 3 gives its sliding layers a RoPE base of their own</source>
        <translation>只有 Gemma 3 为滑动窗口层单独设置 RoPE 基数</translation>
    </message>
    <message>
        <source>Gemma 3 rotates its sliding layers without the RoPE scaling; give them a base (rope_local_theta)</source>
        <translation>Gemma 3 的滑动窗口层旋转时不做 RoPE 缩放；请为它们设置基数（rope_local_theta）</translation>
    </message>
    <message>
        <source>transformers&apos; dynamic scaling starts at max_position_embeddings; set both alike</source>
        <translation>transformers 的 dynamic 缩放从 max_position_embeddings 开始；请把两者设为相同</translation>
    </message>
    <message>
        <source>Gemma 1 has no QK-norm, sinks, soft-capping or query_pre_attn_scalar</source>
        <translation>Gemma 1 没有 QK 归一化、注意力汇、软截断或 query_pre_attn_scalar</translation>
    </message>
    <message>
        <source>only Gemma scales its embeddings by sqrt(d_model)</source>
        <translation>只有 Gemma 把嵌入乘以 sqrt(d_model)</translation>
    </message>
    <message>
        <source>only Gemma 2 and 3 scale attention by query_pre_attn_scalar</source>
        <translation>只有 Gemma 2 和 3 用 query_pre_attn_scalar 缩放注意力</translation>
    </message>
</context>
<context>
    <name>tx::HfConfigImporter</name>
    <message>
        <source>required key is missing (supported: %1)</source>
        <translation>缺少必需的键（支持：%1）</translation>
    </message>
    <message>
        <source>expected a string</source>
        <translation>应为字符串</translation>
    </message>
    <message>
        <source>unsupported model_type &quot;%1&quot; (supported: %2)</source>
        <translation>不支持的 model_type“%1”（支持：%2）</translation>
    </message>
    <message>
        <source>Hugging Face config.json (model_type &quot;%1&quot;): %2</source>
        <translation>Hugging Face config.json（model_type“%1”）：%2</translation>
    </message>
    <message>
        <source>cannot open: %1</source>
        <translation>无法打开：%1</translation>
    </message>
    <message>
        <source>file is too large to be a config.json (%1 bytes)</source>
        <translation>文件过大，不可能是 config.json（%1 字节）</translation>
    </message>
    <message>
        <source>required key is missing (model_type &quot;gemma3&quot;)</source>
        <translation>缺少必需的键（model_type “gemma3”）</translation>
    </message>
    <message>
        <source> (text model only: the vision tower and its projector are not counted)</source>
        <translation>（仅文本模型：视觉塔及其投影层不计入）</translation>
    </message>
    <message>
        <source>required key is missing (model_type &quot;%1&quot;)</source>
        <translation>缺少必需的键（model_type“%1”）</translation>
    </message>
    <message>
        <source>expected a number</source>
        <translation>应为数字</translation>
    </message>
    <message>
        <source>expected true or false</source>
        <translation>应为 true 或 false</translation>
    </message>
    <message>
        <source>expected a list of integers</source>
        <translation>应为整数列表</translation>
    </message>
    <message>
        <source>expected a non-negative integer</source>
        <translation>应为非负整数</translation>
    </message>
    <message>
        <source>unknown activation &quot;%1&quot; (expected relu, gelu, gelu_new, gelu_pytorch_tanh, silu)</source>
        <translation>未知的激活函数“%1”（应为 relu、gelu、gelu_new、gelu_pytorch_tanh 或 silu）</translation>
    </message>
    <message>
        <source>only &quot;absolute&quot; position embeddings are supported (got &quot;%1&quot;)</source>
        <translation>仅支持“absolute”位置嵌入（实际为“%1”）</translation>
    </message>
    <message>
        <source>only 1 is supported (one distinct layer per group)</source>
        <translation>仅支持 1（每组一个不同的层）</translation>
    </message>
    <message>
        <source>must divide num_hidden_layers (%1)</source>
        <translation>必须能整除 num_hidden_layers（%1）</translation>
    </message>
    <message>
        <source>unknown feed-forward projection &quot;%1&quot; (expected relu, gated-gelu or gated-silu)</source>
        <translation>未知的前馈网络投影“%1”（应为 relu、gated-gelu 或 gated-silu）</translation>
    </message>
    <message>
        <source>encoder and decoder must be sparse at the same step (encoder %1, decoder %2)</source>
        <translation>编码器和解码器必须在同一步变为稀疏（编码器 %1，解码器 %2）</translation>
    </message>
    <message>
        <source>per-head query/key LayerNorms are not supported</source>
        <translation>不支持逐头的查询/键 LayerNorm</translation>
    </message>
    <message>
        <source>expected a list of attention types</source>
        <translation>应为注意力类型列表</translation>
    </message>
    <message>
        <source>unknown attention type &quot;%1&quot; (expected full_attention, sliding_attention or chunked_attention)</source>
        <translation>未知的注意力类型“%1”（应为 full_attention、sliding_attention 或 chunked_attention）</translation>
    </message>
    <message>
        <source>expected an object</source>
        <translation>应为对象</translation>
    </message>
    <message>
        <source>Qwen&apos;s gated shared expert is not supported</source>
        <translation>不支持 Qwen 的带门控共享专家</translation>
    </message>
    <message>
        <source>only 1 is supported (every layer after the dense ones is sparse)</source>
        <translation>只支持 1（稠密层之后的每一层都是稀疏层）</translation>
    </message>
    <message>
        <source>only every interleave_moe_layer_step-th layer can be sparse</source>
        <translation>只能每隔 interleave_moe_layer_step 层设一个稀疏层</translation>
    </message>
    <message>
        <source>needs one entry per layer (%1)</source>
        <translation>每层需要一项（%1）</translation>
    </message>
    <message>
        <source>required key is missing (rope_type &quot;%1&quot;)</source>
        <translation>缺少必需的键（rope_type“%1”）</translation>
    </message>
    <message>
        <source>expected a list of numbers</source>
        <translation>应为数字列表</translation>
    </message>
    <message>
        <source>must be between 1 and 16777216</source>
        <translation>必须在 1 到 16777216 之间</translation>
    </message>
    <message>
        <source>must be positive</source>
        <translation>必须为正数</translation>
    </message>
</context>
<context>
    <name>tx::HfMoeCheckpoint</name>
    <message>
        <source>MXFP4 needs an input width divisible by 32 (got %1)</source>
        <translation>MXFP4 需要输入宽度能被 32 整除（实际为 %1）</translation>
    </message>
    <message>
        <source>a tensor the engine has no place for</source>
        <translation>引擎中没有位置的张量</translation>
    </message>
    <message>
        <source>Gemma 2 and 3 checkpoints scale the embeddings by sqrt(d_model); set embedding_scaled</source>
        <translation>Gemma 2 和 3 的检查点把嵌入乘以 sqrt(d_model)；请设置 embedding_scaled</translation>
    </message>
    <message>
        <source>%1 checkpoints do not load into the engine yet (it reads and writes qwen3_moe, deepseek_v2, deepseek_v3, gpt_oss, gemma, gemma2 and gemma3_text tensor names)</source>
        <translation>%1 检查点尚不能载入引擎（它读写 qwen3_moe、deepseek_v2、deepseek_v3、gpt_oss、gemma、gemma2 和 gemma3_text 的张量名）</translation>
    </message>
    <message>
        <source>only gpt_oss and deepseek_v3 checkpoints are stored quantised</source>
        <translation>只有 gpt_oss 和 deepseek_v3 检查点以量化形式保存</translation>
    </message>
</context>
<context>
    <name>tx::HfT5Checkpoint</name>
    <message>
        <source>T5 checkpoints hold an encoder-decoder</source>
        <translation>T5 检查点保存的是编码器-解码器</translation>
    </message>
    <message>
        <source>T5 checkpoints have relative position buckets</source>
        <translation>T5 检查点使用相对位置桶</translation>
    </message>
    <message>
        <source>T5 uses its scale-only layer norm, with a final norm in each stack</source>
        <translation>T5 使用只有缩放的层归一化，每个堆栈末尾各有一个归一化</translation>
    </message>
    <message>
        <source>T5 has no biases</source>
        <translation>T5 没有偏置</translation>
    </message>
    <message>
        <source>T5 has as many key/value heads as query heads</source>
        <translation>T5 的键/值头与查询头数量相同</translation>
    </message>
    <message>
        <source>T5&apos;s feed-forward is relu, gated-gelu or gated-silu</source>
        <translation>T5 的前馈层是 relu、gated-gelu 或 gated-silu</translation>
    </message>
    <message>
        <source>T5 checkpoints have no query/key norms, sinks, soft-capping or windows</source>
        <translation>T5 检查点没有查询/键归一化、注意力汇聚、软截断或滑动窗口</translation>
    </message>
</context>
<context>
    <name>tx::InsidePage</name>
    <message>
        <source>Export diagram</source>
        <translation>导出结构图</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG 图片 (*.png);;SVG 矢量图 (*.svg);;PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>结构图</translation>
    </message>
    <message>
        <source>One forward pass</source>
        <translation>一次前向传播</translation>
    </message>
    <message>
        <source>From y = Wx + b</source>
        <translation>从 y = Wx + b 开始</translation>
    </message>
    <message>
        <source>The current design, drawn from its exact counts: it follows every change. Hover a block for its formula.</source>
        <translation>当前设计，按精确参数量画出：每次修改都会跟着更新。把鼠标停在方块上可看公式。</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>%1: cannot write the PDF</source>
        <translation>%1：无法写入 PDF</translation>
    </message>
</context>
<context>
    <name>tx::InspectCommand</name>
    <message>
        <source>1 file</source>
        <translation>1 个文件</translation>
    </message>
    <message>
        <source>%1 files</source>
        <translation>%1 个文件</translation>
    </message>
    <message>
        <source>%1, %2, %3 tensors</source>
        <translation>%1，%2，%3 个张量</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Stored elements</source>
        <translation>存储的元素数</translation>
    </message>
    <message>
        <source>Tensor data</source>
        <translation>张量数据</translation>
    </message>
    <message>
        <source>%1 bytes (%2)</source>
        <translation>%1 字节（%2）</translation>
    </message>
    <message>
        <source>  of it scales</source>
        <translation>  其中缩放因子</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Bits per weight</source>
        <translation>每权重位数</translation>
    </message>
    <message>
        <source>Tensors per format</source>
        <translation>各格式的张量数</translation>
    </message>
    <message>
        <source>group</source>
        <translation>分组</translation>
    </message>
    <message>
        <source>tensors</source>
        <translation>张量</translation>
    </message>
    <message>
        <source>parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>bits/w</source>
        <translation>位/权重</translation>
    </message>
    <message>
        <source>layers ×%1 %2</source>
        <translation>层 ×%1 %2</translation>
    </message>
    <message>
        <source>Design: none recognised (no config.json the importer reads, no GGUF architecture, no known tensor names)</source>
        <translation>设计：无法识别（没有导入器能读取的 config.json、没有 GGUF 架构、没有已知的张量名称）</translation>
    </message>
    <message>
        <source>Design from %1%2</source>
        <translation>设计来自 %1%2</translation>
    </message>
    <message>
        <source>d_model %1, %2 layers, %3 heads (%4 KV) of %5, d_ff %6, vocabulary %7, %8</source>
        <translation>d_model %1，%2 层，%3 个头（%4 个键值头），每头 %5 维，d_ff %6，词表 %7，%8</translation>
    </message>
    <message>
        <source>tied head</source>
        <translation>输出头与嵌入共享</translation>
    </message>
    <message>
        <source>untied head</source>
        <translation>输出头不共享</translation>
    </message>
    <message>
        <source>, %1 experts (top-%2)</source>
        <translation>，%1 个专家（top-%2）</translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation>注：%1</translation>
    </message>
    <message>
        <source>Design count</source>
        <translation>设计的参数量</translation>
    </message>
    <message>
        <source>File count</source>
        <translation>文件中的参数量</translation>
    </message>
    <message>
        <source>Every group matches the design.</source>
        <translation>每个分组都与设计一致。</translation>
    </message>
    <message>
        <source>Mismatches:</source>
        <translation>不一致之处：</translation>
    </message>
    <message>
        <source>expected table or json, got &quot;%1&quot;</source>
        <translation>应为 table 或 json，实际为“%1”</translation>
    </message>
    <message>
        <source>unknown option</source>
        <translation>未知选项</translation>
    </message>
    <message>
        <source>give one file or folder to inspect</source>
        <translation>请给出一个要检查的文件或文件夹</translation>
    </message>
</context>
<context>
    <name>tx::IsoFlopChart</name>
    <message>
        <source>Iso-FLOP curves: the best size for a compute budget</source>
        <translation>等算力曲线：给定算力预算下的最佳规模</translation>
    </message>
    <message>
        <source>parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>predicted loss (nats/token)</source>
        <translation>预测损失（奈特/词元）</translation>
    </message>
    <message>
        <source>Optimal</source>
        <translation>最优</translation>
    </message>
    <message>
        <source>Design</source>
        <translation>此设计</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>Budgets</source>
        <translation>算力预算</translation>
    </message>
    <message>
        <source>Its budget</source>
        <translation>此设计的预算</translation>
    </message>
</context>
<context>
    <name>tx::JsonObjectReader</name>
    <message>
        <source>not valid JSON at offset %1: %2</source>
        <translation>偏移 %1 处不是有效的 JSON：%2</translation>
    </message>
    <message>
        <source>expected a JSON object</source>
        <translation>应为 JSON 对象</translation>
    </message>
</context>
<context>
    <name>tx::KvCacheSize</name>
    <message>
        <source>KV cache for these %1 tokens: %2 (float32). MLA caches its latent, kv_lora_rank %3 + qk_rope_head_dim %4 = %5 numbers per token and layer, not the %6 of the heads&apos; keys and values.</source>
        <translation>这 %1 个词元的键值缓存：%2（float32）。MLA 缓存的是潜向量：每个词元每层 kv_lora_rank %3 + qk_rope_head_dim %4 = %5 个数，而不是各头的键和值所需的 %6 个。</translation>
    </message>
    <message>
        <source>KV cache for these %1 tokens: %2 (float32, %3 numbers per token and layer).</source>
        <translation>这 %1 个词元的键值缓存：%2（float32，每个词元每层 %3 个数）。</translation>
    </message>
</context>
<context>
    <name>tx::LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>Follow the &amp;system (%1)</source>
        <translation>跟随系统(&amp;S)（%1）</translation>
    </message>
    <message>
        <source>Chinese number &amp;units (万, 亿)</source>
        <translation>中文数字单位(&amp;U)（万、亿）</translation>
    </message>
</context>
<context>
    <name>tx::LayerChart</name>
    <message>
        <source>Parameters per layer</source>
        <translation>每层参数量</translation>
    </message>
    <message>
        <source>Cross-attention</source>
        <translation>交叉注意力</translation>
    </message>
    <message>
        <source>Norms</source>
        <translation>归一化层</translation>
    </message>
    <message>
        <source>layer (from 0)</source>
        <translation>层（从 0 开始）</translation>
    </message>
    <message>
        <source>millions</source>
        <translation>百万</translation>
    </message>
    <message>
        <source>Attention, full</source>
        <translation>注意力（全局）</translation>
    </message>
    <message>
        <source>Attention, sliding or chunked</source>
        <translation>注意力（滑动窗口或分块）</translation>
    </message>
    <message>
        <source>Feed-forward (dense layer)</source>
        <translation>前馈（稠密层）</translation>
    </message>
    <message>
        <source>Experts (MoE layer)</source>
        <translation>专家（MoE 层）</translation>
    </message>
</context>
<context>
    <name>tx::LayerComparison</name>
    <message>
        <source>Linear layer</source>
        <translation>线性层</translation>
    </message>
    <message>
        <source>One fixed weighted sum of the inputs: it can only draw straight lines.</source>
        <translation>对输入做一次固定的加权求和：只能画直线。</translation>
    </message>
    <message>
        <source>MLP</source>
        <translation>多层感知机</translation>
    </message>
    <message>
        <source>A non-linearity between two layers: curved boundaries, but each token alone.</source>
        <translation>两层之间加了非线性：边界可以弯曲，但每个词元各算各的。</translation>
    </message>
    <message>
        <source>LSTM layer</source>
        <translation>LSTM 层</translation>
    </message>
    <message>
        <source>A memory of earlier tokens, carried one step at a time: training cannot run the steps in parallel.</source>
        <translation>记住之前的词元，一步一步往后传：训练时这些步骤无法并行。</translation>
    </message>
    <message>
        <source>Transformer layer</source>
        <translation>Transformer 层</translation>
    </message>
    <message>
        <source>Every token looks at every earlier token at once (attention), then thinks alone (FFN): parallel over the sequence, but the attention cost grows with the context.</source>
        <translation>每个词元同时看之前的所有词元（注意力），再各自思考（前馈网络）：整个序列可以并行，但注意力的开销随上下文增长。</translation>
    </message>
    <message>
        <source>a linear layer, d_in 100 → d_out 10</source>
        <translation>线性层，d_in 100 → d_out 10</translation>
    </message>
    <message>
        <source>a Transformer layer, d_model 512, d_ff 2048</source>
        <translation>Transformer 层，d_model 512，d_ff 2048</translation>
    </message>
    <message>
        <source>one GPT-3 layer, d_model 12288, d_ff 49152</source>
        <translation>GPT-3 的一层，d_model 12288，d_ff 49152</translation>
    </message>
    <message>
        <source>GPT-3&apos;s 96 layers</source>
        <translation>GPT-3 的 96 层</translation>
    </message>
</context>
<context>
    <name>tx::LayerComparisonView</name>
    <message>
        <source>Every weight of a Transformer sits in layers like y = W·x + b. Here the four steps of the first lesson side by side at one input width d: what each costs in parameters and in FLOPs for one token (a multiply-add is 2), and what it buys.</source>
        <translation>Transformer 的每个权重都在 y = W·x + b 这样的层里。这里把第一课的四步在同一个输入宽度 d 下并排放在一起：各自需要多少参数、处理一个词元需要多少 FLOPs（一次乘加算 2 次），以及换来了什么。</translation>
    </message>
    <message>
        <source>Width d:</source>
        <translation>宽度 d：</translation>
    </message>
    <message>
        <source>Output (linear, MLP):</source>
        <translation>输出（线性层、MLP）：</translation>
    </message>
    <message>
        <source>Hidden (MLP, d_ff):</source>
        <translation>隐藏层（MLP、d_ff）：</translation>
    </message>
    <message>
        <source>Context (tokens):</source>
        <translation>上下文（词元）：</translation>
    </message>
    <message>
        <source>Seed: 100 → 10</source>
        <translation>种子文档：100 → 10</translation>
    </message>
    <message>
        <source>Seed: 512 / 2048</source>
        <translation>种子文档：512 / 2048</translation>
    </message>
    <message>
        <source>Seed: GPT-3&apos;s layer</source>
        <translation>种子文档：GPT-3 的一层</translation>
    </message>
    <message>
        <source>The seed document&apos;s figures, recomputed</source>
        <translation>重新计算种子文档中的数字</translation>
    </message>
    <message>
        <source>%1 · built like %2</source>
        <translation>%1 · 结构同 %2</translation>
    </message>
    <message>
        <source>%1 parameters</source>
        <translation>%1 个参数</translation>
    </message>
    <message>
        <source>%1 FLOPs per token</source>
        <translation>每个词元 %1 FLOPs</translation>
    </message>
    <message>
        <source>✓ %1: %2. The seed&apos;s %3 is right.</source>
        <translation>✓ %1：%2。种子文档的 %3 是对的。</translation>
    </message>
    <message>
        <source>✗ %1: %2. The seed prints “%3”; its own formula gives %4.</source>
        <translation>✗ %1：%2。种子文档写的是“%3”；按它自己的公式应为 %4。</translation>
    </message>
    <message>
        <source>MLP hidden layers:</source>
        <translation>MLP 隐藏层：</translation>
    </message>
    <message>
        <source>e.g. 512, 256 (empty: one layer of the hidden width)</source>
        <translation>例如 512, 256（留空：一层隐藏层宽度）</translation>
    </message>
</context>
<context>
    <name>tx::Lesson</name>
    <message>
        <source>larger than 1 MB; not a lesson</source>
        <translation>大于 1 MB；不是课程文件</translation>
    </message>
    <message>
        <source>expected &quot;transformer-explorer-lesson&quot;</source>
        <translation>应为“transformer-explorer-lesson”</translation>
    </message>
    <message>
        <source>unsupported version (expected 1)</source>
        <translation>不支持的版本（应为 1）</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>expected 1 to 100 steps</source>
        <translation>应为 1 到 100 个步骤</translation>
    </message>
    <message>
        <source>expected an object</source>
        <translation>应为对象</translation>
    </message>
    <message>
        <source>unknown preset &quot;%1&quot;</source>
        <translation>未知预设“%1”</translation>
    </message>
    <message>
        <source>unknown design field</source>
        <translation>未知的设计字段</translation>
    </message>
    <message>
        <source>cannot open: %1</source>
        <translation>无法打开：%1</translation>
    </message>
    <message>
        <source>unknown view (known: %1)</source>
        <translation>未知视图（已知：%1）</translation>
    </message>
    <message>
        <source>expected an object with &quot;en&quot; and &quot;zh&quot; strings</source>
        <translation>应为含有“en”和“zh”字符串的对象</translation>
    </message>
    <message>
        <source>expected 1 to 1,000,000 sequences</source>
        <translation>应为 1 到 1,000,000 条序列</translation>
    </message>
    <message>
        <source>expected 1 to 16,777,216 tokens</source>
        <translation>应为 1 到 16,777,216 个词元</translation>
    </message>
    <message>
        <source>expected 0 to 10^16 tokens</source>
        <translation>应为 0 到 10^16 个词元</translation>
    </message>
    <message>
        <source>expected none, selective or full</source>
        <translation>应为 none、selective 或 full</translation>
    </message>
    <message>
        <source>expected adamw, adamw-mixed, sgd, adam8bit or adafactor</source>
        <translation>应为 adamw、adamw-mixed、sgd、adam8bit 或 adafactor</translation>
    </message>
    <message>
        <source>expected true or false</source>
        <translation>应为 true 或 false</translation>
    </message>
    <message>
        <source>unknown assumption (known: batch, seq, tokens, recompute, optimizer, flash)</source>
        <translation>未知假设（已知：batch、seq、tokens、recompute、optimizer、flash）</translation>
    </message>
</context>
<context>
    <name>tx::LessonPlayer</name>
    <message>
        <source>Choose a lesson</source>
        <translation>选择一节课</translation>
    </message>
    <message>
        <source>Each lesson sets the design step by step and explains one number at a time. Use the arrow keys or the buttons to move.</source>
        <translation>每节课一步步设置设计，每次讲解一个数字。用方向键或按钮前后翻页。</translation>
    </message>
    <message>
        <source>Lesson: %1</source>
        <translation>课程：%1</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source>← Previous</source>
        <translation>← 上一步</translation>
    </message>
    <message>
        <source>Next →</source>
        <translation>下一步 →</translation>
    </message>
    <message>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
</context>
<context>
    <name>tx::LessonText</name>
    <message>
        <source>unknown placeholder</source>
        <translation>未知占位符</translation>
    </message>
    <message>
        <source>arguments must be integers from 1 to 1,000,000</source>
        <translation>参数必须是 1 到 1,000,000 之间的整数</translation>
    </message>
    <message>
        <source>unknown function or wrong number of arguments (known: linear(in,out), linear_nobias(in,out), mlp(w0,w1,…), lstm(in,hidden))</source>
        <translation>未知函数或参数个数不对（已知：linear(in,out)、linear_nobias(in,out)、mlp(w0,w1,…)、lstm(in,hidden)）</translation>
    </message>
</context>
<context>
    <name>tx::LiveLabel</name>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
</context>
<context>
    <name>tx::MainWindow</name>
    <message>
        <source>&amp;Parameters</source>
        <translation>参数量(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New</source>
        <translation>新建(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Dark palette</source>
        <translation>深色配色(&amp;D)</translation>
    </message>
    <message>
        <source>What does this &amp;buy me?</source>
        <translation>这能带来什么(&amp;B)？</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>&amp;Presentation mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>Guided &amp;lessons</source>
        <translation>引导课程(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Memory</source>
        <translation>内存(&amp;M)</translation>
    </message>
    <message>
        <source>Compute and &amp;cost</source>
        <translation>算力与成本(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Scaling laws</source>
        <translation>缩放定律(&amp;S)</translation>
    </message>
    <message>
        <source>Com&amp;pare A/B</source>
        <translation>A/B 对比(&amp;P)</translation>
    </message>
    <message>
        <source>Show the work</source>
        <translation>计算过程</translation>
    </message>
    <message>
        <source>&amp;Pin design as A</source>
        <translation>把设计固定为 A(&amp;P)</translation>
    </message>
    <message>
        <source>Ctrl+Shift+P</source>
        <translation>Ctrl+Shift+P</translation>
    </message>
    <message>
        <source>&amp;Clear pin</source>
        <translation>取消固定(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Attention</source>
        <translation>注意力(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Training</source>
        <translation>训练(&amp;T)</translation>
    </message>
    <message>
        <source>M&amp;odel file</source>
        <translation>模型文件(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;What if…</source>
        <translation>假设分析(&amp;W)…</translation>
    </message>
    <message>
        <source>Sol&amp;ve</source>
        <translation>求解(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Inside</source>
        <translation>模型内部(&amp;I)</translation>
    </message>
</context>
<context>
    <name>tx::MaskedLmChoice</name>
    <message>
        <source>ALBERT encoder: masked characters of Alice in Wonderland</source>
        <translation>ALBERT 编码器：《爱丽丝梦游仙境》的遮盖字符</translation>
    </message>
    <message>
        <source>Attention on a masked window of the held-out text; the encoder reads it at once, so every character may look at later ones too:</source>
        <translation>留出文本中一段遮盖窗口上的注意力；编码器一次读入整段，所以每个字符也能看到后面的字符：</translation>
    </message>
</context>
<context>
    <name>tx::MemoryFigure</name>
    <message>
        <source>Memory to run and to train</source>
        <translation>运行与训练所需内存</translation>
    </message>
    <message>
        <source>GB (10^9 bytes)</source>
        <translation>GB（10^9 字节）</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>键值缓存</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>Runtime overhead</source>
        <translation>运行时开销</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Run A</source>
        <translation>运行 A</translation>
    </message>
    <message>
        <source>Run B</source>
        <translation>运行 B</translation>
    </message>
    <message>
        <source>Train A</source>
        <translation>训练 A</translation>
    </message>
    <message>
        <source>Train B</source>
        <translation>训练 B</translation>
    </message>
    <message>
        <source>Run (inference)</source>
        <translation>运行（推理）</translation>
    </message>
    <message>
        <source>Train (one replica)</source>
        <translation>训练（单个副本）</translation>
    </message>
    <message>
        <source>Device memory (%1 GB)</source>
        <translation>设备显存（%1 GB）</translation>
    </message>
    <message>
        <source>Device (%1 GB) ↑ off scale</source>
        <translation>设备（%1 GB）↑ 超出刻度</translation>
    </message>
</context>
<context>
    <name>tx::MemoryView</name>
    <message>
        <source>Training bars are one full model replica before any sharding; spread over %1 device(s) with ZeRO stage %2 and tensor parallel %3 each device holds %4. %5.</source>
        <translation>训练柱是切分之前的一个完整模型副本；分布到 %1 台设备、ZeRO 阶段 %2、张量并行 %3 时，每台设备存放 %4。%5。</translation>
    </message>
</context>
<context>
    <name>tx::ModelCacheDialog</name>
    <message>
        <source>Models on this computer</source>
        <translation>本机上的模型</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>打开(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Add folder…</source>
        <translation>添加文件夹(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Rescan</source>
        <translation>重新扫描(&amp;R)</translation>
    </message>
    <message>
        <source>Add a folder of models</source>
        <translation>添加一个存放模型的文件夹</translation>
    </message>
    <message>
        <source>Reading the headers of the models in %1…</source>
        <translation>正在读取 %1 中各模型的文件头…</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>%1 models in %2 (%3; hover a name for its path or why it could not be read)</source>
        <translation>%2 中有 %1 个模型（%3；把鼠标停在名称上可看到路径，或无法读取的原因）</translation>
    </message>
</context>
<context>
    <name>tx::ModelDesignReader</name>
    <message>
        <source>head_dim %1 assumed (the shapes fix only heads × head_dim = %2)</source>
        <translation>假定 head_dim 为 %1（形状只确定了 头数 × head_dim = %2）</translation>
    </message>
    <message>
        <source>experts per token (%1) assumed; the file does not say</source>
        <translation>假定每个词元使用 %1 个专家；文件中没有说明</translation>
    </message>
    <message>
        <source>context length %1 assumed</source>
        <translation>假定上下文长度为 %1</translation>
    </message>
    <message>
        <source>%1 heads of 64 assumed (the shapes do not split d_model into heads)</source>
        <translation>假定为 %1 个 64 维的头（形状无法把 d_model 拆分成头）</translation>
    </message>
    <message>
        <source>tokenizer.ggml.tokens has %1 tokens, token_embd.weight %2 rows</source>
        <translation>tokenizer.ggml.tokens 有 %1 个词元，token_embd.weight 有 %2 行</translation>
    </message>
    <message>
        <source>config.json was not used: %1</source>
        <translation>未使用 config.json：%1</translation>
    </message>
    <message>
        <source>the GGUF metadata names no architecture this program reads</source>
        <translation>GGUF 元数据没有给出本程序能读取的架构</translation>
    </message>
</context>
<context>
    <name>tx::ModelFileReader</name>
    <message>
        <source>no such file or folder</source>
        <translation>没有该文件或文件夹</translation>
    </message>
    <message>
        <source>the cache folder holds no snapshot</source>
        <translation>缓存文件夹中没有快照</translation>
    </message>
    <message>
        <source>%1 .safetensors files but no index to say which tensor is where</source>
        <translation>有 %1 个 .safetensors 文件，但没有说明各张量位置的索引</translation>
    </message>
    <message>
        <source>%1 .gguf files: open one of them</source>
        <translation>有 %1 个 .gguf 文件：请打开其中一个</translation>
    </message>
    <message>
        <source>no .safetensors or .gguf file in this folder</source>
        <translation>此文件夹中没有 .safetensors 或 .gguf 文件</translation>
    </message>
    <message>
        <source>cannot open: %1</source>
        <translation>无法打开：%1</translation>
    </message>
</context>
<context>
    <name>tx::ModelFiles</name>
    <message>
        <source>Open model</source>
        <translation>打开模型</translation>
    </message>
    <message>
        <source>Open &amp;model…</source>
        <translation>打开模型(&amp;M)…</translation>
    </message>
    <message>
        <source>Ctrl+Shift+O</source>
        <translation>Ctrl+Shift+O</translation>
    </message>
    <message>
        <source>Model files (*.safetensors *.gguf model.safetensors.index.json);;All files (*)</source>
        <translation>模型文件 (*.safetensors *.gguf model.safetensors.index.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Open model &amp;folder…</source>
        <translation>打开模型文件夹(&amp;F)…</translation>
    </message>
    <message>
        <source>Open model folder</source>
        <translation>打开模型文件夹</translation>
    </message>
    <message>
        <source>Models on this &amp;computer…</source>
        <translation>本机上的模型(&amp;C)…</translation>
    </message>
    <message>
        <source>Open model %1</source>
        <translation>打开模型 %1</translation>
    </message>
    <message>
        <source>Weights from the design</source>
        <translation>权重按设计计算</translation>
    </message>
</context>
<context>
    <name>tx::ModelPage</name>
    <message>
        <source>Reading the headers of %1…</source>
        <translation>正在读取 %1 的文件头…</translation>
    </message>
    <message>
        <source>Search tensors by name</source>
        <translation>按名称搜索张量</translation>
    </message>
    <message>
        <source>Group / tensor</source>
        <translation>分组 / 张量</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>Bits per weight</source>
        <translation>每权重位数</translation>
    </message>
    <message>
        <source>No model open. File ▸ Open model… reads a .safetensors or .gguf file, a sharded folder or a Hugging Face cache folder from its headers; or drop one onto the window.</source>
        <translation>尚未打开模型。“文件 ▸ 打开模型…”只读取文件头，可打开 .safetensors 或 .gguf 文件、分片文件夹或 Hugging Face 缓存文件夹；也可以把它拖到窗口上。</translation>
    </message>
    <message>
        <source>1 file</source>
        <translation>1 个文件</translation>
    </message>
    <message>
        <source>%1 files</source>
        <translation>%1 个文件</translation>
    </message>
    <message>
        <source>%1 — %2, %3, %4 tensors</source>
        <translation>%1 — %2，%3，%4 个张量</translation>
    </message>
    <message>
        <source>Parameters (logical)</source>
        <translation>参数量（逻辑）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Stored elements</source>
        <translation>存储的元素数</translation>
    </message>
    <message>
        <source>Tensor data</source>
        <translation>张量数据</translation>
    </message>
    <message>
        <source>%1 bytes (%2)</source>
        <translation>%1 字节（%2）</translation>
    </message>
    <message>
        <source>of which scales</source>
        <translation>其中缩放因子</translation>
    </message>
    <message>
        <source>%1 bytes</source>
        <translation>%1 字节</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>%1 bytes (%2; %3)</source>
        <translation>%1 字节（%2；%3）</translation>
    </message>
    <message>
        <source>Tensors per format</source>
        <translation>各格式的张量数</translation>
    </message>
    <message>
        <source>No design recognised: no config.json the importer reads, no GGUF architecture, no known tensor names.</source>
        <translation>无法识别设计：没有导入器能读取的 config.json、没有 GGUF 架构、没有已知的张量名称。</translation>
    </message>
    <message>
        <source>config.json</source>
        <translation>config.json</translation>
    </message>
    <message>
        <source>GGUF metadata</source>
        <translation>GGUF 元数据</translation>
    </message>
    <message>
        <source>tensor names and shapes</source>
        <translation>张量名称与形状</translation>
    </message>
    <message>
        <source>Design from %1</source>
        <translation>设计来自 %1</translation>
    </message>
    <message>
        <source>: %1 parameters</source>
        <translation>：%1 个参数</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>注：%1</translation>
    </message>
    <message>
        <source>Every group matches the design.</source>
        <translation>每个分组都与设计一致。</translation>
    </message>
    <message>
        <source>%1 (1 tensor)</source>
        <translation>%1（1 个张量）</translation>
    </message>
    <message>
        <source>%1 (%2 tensors)</source>
        <translation>%1（%2 个张量）</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source> (MXFP4 blocks)</source>
        <translation>（MXFP4 块）</translation>
    </message>
    <message>
        <source> (scales)</source>
        <translation>（缩放因子）</translation>
    </message>
    <message>
        <source> (buffer)</source>
        <translation>（缓冲区）</translation>
    </message>
    <message>
        <source>layers ×%1</source>
        <translation>层 ×%1</translation>
    </message>
</context>
<context>
    <name>tx::NumberFormat</name>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>%1 years</source>
        <translation>%1 年</translation>
    </message>
    <message>
        <source>GB = 10^9 bytes</source>
        <translation>GB = 10^9 字节</translation>
    </message>
    <message>
        <source>GiB = 2^30 bytes</source>
        <translation>GiB = 2^30 字节</translation>
    </message>
</context>
<context>
    <name>tx::PaintExporter</name>
    <message>
        <source>cannot write the image: %1</source>
        <translation>无法写入图片：%1</translation>
    </message>
    <message>
        <source>cannot write: %1</source>
        <translation>无法写入：%1</translation>
    </message>
    <message>
        <source>Exported from Transformer Explorer</source>
        <translation>由 Transformer Explorer 导出</translation>
    </message>
    <message>
        <source>image size must be between 16 and 16384 pixels a side</source>
        <translation>图片每边尺寸必须在 16 到 16384 像素之间</translation>
    </message>
</context>
<context>
    <name>tx::ParallelismPlanner</name>
    <message>
        <source>%1 devices do not split into tensor %2 × pipeline %3</source>
        <translation>%1 台设备无法划分为张量并行 %2 × 流水线并行 %3</translation>
    </message>
    <message>
        <source>expert parallel %1 must divide data parallel %2</source>
        <translation>专家并行度 %1 必须能整除数据并行度 %2</translation>
    </message>
    <message>
        <source>pipeline %1 must divide the %2 layers</source>
        <translation>流水线并行度 %1 必须能整除 %2 层</translation>
    </message>
    <message>
        <source>no split of %1 devices fits: the leanest needs %2 per device of %3</source>
        <translation>%1 台设备的任何划分都放不下：最省内存的划分每台需要 %2，而设备只有 %3</translation>
    </message>
</context>
<context>
    <name>tx::ParamCounter</name>
    <message>
        <source>the design has more than 9.2 × 10^18 parameters, past what can be counted exactly; reduce the width, depth, vocabulary or experts</source>
        <translation>该设计的参数量超过 9.2 × 10^18，无法精确计数；请减小宽度、层数、词表或专家数</translation>
    </message>
</context>
<context>
    <name>tx::ParamFigures</name>
    <message>
        <source>definition: one line per tensor in core/estimate/paramcounter.cpp; published counts pinned in tests/data/reference/models.json</source>
        <translation>定义：core/estimate/paramcounter.cpp 中每个张量一行；已发表的参数量固定在 tests/data/reference/models.json 中</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>Active parameters per token</source>
        <translation>每词元激活参数量</translation>
    </message>
    <message>
        <source>N − unused experts (top-k of E per sparse layer)</source>
        <translation>N − 未使用的专家（每个稀疏层 E 个中取 top-k）</translation>
    </message>
    <message>
        <source>Fedus et al. 2021 (Switch Transformer), §2</source>
        <translation>Fedus 等 2021（Switch Transformer），§2</translation>
    </message>
    <message>
        <source>Non-embedding parameters</source>
        <translation>非嵌入参数量</translation>
    </message>
    <message>
        <source>N − embedding tables</source>
        <translation>N − 嵌入表</translation>
    </message>
    <message>
        <source>Kaplan et al. 2020, §2.1</source>
        <translation>Kaplan 等 2020，§2.1</translation>
    </message>
</context>
<context>
    <name>tx::ParamsFigure</name>
    <message>
        <source>Where the parameters are</source>
        <translation>参数量分布</translation>
    </message>
    <message>
        <source>parameters (millions)</source>
        <translation>参数量（百万）</translation>
    </message>
    <message>
        <source>A (pinned)</source>
        <translation>A（已固定）</translation>
    </message>
    <message>
        <source>B (editing)</source>
        <translation>B（编辑中）</translation>
    </message>
    <message>
        <source>Design</source>
        <translation>设计</translation>
    </message>
</context>
<context>
    <name>tx::PartsBar</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Total %1</source>
        <translation>合计 %1</translation>
    </message>
</context>
<context>
    <name>tx::Preset</name>
    <message>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <source>expected a non-negative integer</source>
        <translation>应为非负整数</translation>
    </message>
    <message>
        <source>missing or not an object</source>
        <translation>缺失或不是对象</translation>
    </message>
    <message>
        <source>every preset must name its source</source>
        <translation>每个预设都必须注明来源</translation>
    </message>
    <message>
        <source>expected a string</source>
        <translation>应为字符串</translation>
    </message>
    <message>
        <source>expected a year such as 2025</source>
        <translation>应为年份，例如 2025</translation>
    </message>
</context>
<context>
    <name>tx::PresetPicker</name>
    <message>
        <source>Custom design</source>
        <translation>自定义设计</translation>
    </message>
    <message>
        <source>%1 (%2 parameters)</source>
        <translation>%1（%2 参数）</translation>
    </message>
    <message>
        <source>Type to search models</source>
        <translation>输入以搜索模型</translation>
    </message>
    <message>
        <source>Load %1</source>
        <translation>载入 %1</translation>
    </message>
    <message>
        <source>%1 (%2 parameters, %3)</source>
        <translation>%1（%2 参数，%3 年）</translation>
    </message>
    <message>
        <source>Start from a published model, grouped by family, newest first; type any part of its name to filter.</source>
        <translation>从已发布的模型开始，按系列分组、最新的在前；输入名称的任意部分即可筛选。</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2 年</translation>
    </message>
    <message>
        <source>%1 · %2–%3</source>
        <translation>%1 · %2–%3 年</translation>
    </message>
</context>
<context>
    <name>tx::ProductPanel</name>
    <message>
        <source>Thinking bandwidth</source>
        <translation>思考带宽</translation>
    </message>
    <message>
        <source>Depth of thought</source>
        <translation>思考深度</translation>
    </message>
    <message>
        <source>Size of the expert team</source>
        <translation>专家团队的规模</translation>
    </message>
    <message>
        <source>Capability ceiling and cost</source>
        <translation>能力上限与成本</translation>
    </message>
    <message>
        <source>What does this buy me?</source>
        <translation>这能带来什么？</translation>
    </message>
    <message>
        <source>hidden size (d_model)</source>
        <translation>隐藏维度（d_model）</translation>
    </message>
    <message>
        <source>How many numbers describe each token. Wider models grasp finer distinctions; every layer&apos;s weights grow with the square of the width (about 12·d² per layer).</source>
        <translation>每个词元由多少个数来描述。更宽的模型能分辨更细微的差别；每层的权重随宽度的平方增长（每层约 12·d²）。</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>How many times each token is reconsidered. Deeper models can chain more steps of reasoning; weights, memory and time grow in proportion.</source>
        <translation>每个词元被重新审视多少次。更深的模型能串起更多推理步骤；权重、内存和时间按比例增长。</translation>
    </message>
    <message>
        <source>attention heads</source>
        <translation>注意力头</translation>
    </message>
    <message>
        <source>How many specialists look at the text in parallel, each %1 numbers wide. More heads split the same width into more, narrower views: no extra parameters.</source>
        <translation>有多少位专家并行地审视文本，每位 %1 个数宽。更多的头把同样的宽度分成更多、更窄的视角：不增加参数。</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>What the model can learn at most, and what it costs: memory to hold it, compute per token, and the data needed to fill it (about 20 tokens per parameter).</source>
        <translation>模型最多能学到多少，以及它的代价：存放它的内存、每个词元的算力，以及填满它所需的数据（每个参数约 20 个词元）。</translation>
    </message>
</context>
<context>
    <name>tx::Pruning</name>
    <message>
        <source>expected 0 to %1 heads (at least one must stay)</source>
        <translation>应为 0 到 %1 个头（至少保留一个）</translation>
    </message>
    <message>
        <source>expected 0 to %1 layers (at least one must stay)</source>
        <translation>应为 0 到 %1 层（至少保留一层）</translation>
    </message>
    <message>
        <source>pruning heads of multi-head latent attention is not modelled</source>
        <translation>未对多头潜在注意力的头剪枝建模</translation>
    </message>
    <message>
        <source>%1 query heads would not share %2 key/value heads evenly; remove a multiple of %2</source>
        <translation>%1 个查询头无法均分 %2 个键/值头；请移除 %2 的倍数个</translation>
    </message>
    <message>
        <source>Structured pruning</source>
        <translation>结构化剪枝</translation>
    </message>
    <message>
        <source>training memory of one replica under the chosen optimizer</source>
        <translation>所选优化器下单个副本的训练内存</translation>
    </message>
    <message>
        <source>Parameters removed</source>
        <translation>移除的参数</translation>
    </message>
    <message>
        <source>Michel et al. 2019, &quot;Are Sixteen Heads Really Better than One?&quot;</source>
        <translation>Michel 等 2019，《Are Sixteen Heads Really Better than One?》</translation>
    </message>
    <message>
        <source>Fan et al. 2019 (LayerDrop); Sajjad et al. 2020 (dropping top layers)</source>
        <translation>Fan 等 2019（LayerDrop）；Sajjad 等 2020（去掉顶部若干层）</translation>
    </message>
    <message>
        <source>Decode speed after</source>
        <translation>之后的解码速度</translation>
    </message>
    <message>
        <source>roofline (Williams et al. 2009)</source>
        <translation>Roofline 模型（Williams 等 2009）</translation>
    </message>
    <message>
        <source>Speed and memory</source>
        <translation>速度与内存</translation>
    </message>
    <message>
        <source>Decode tokens/s</source>
        <translation>解码词元/秒</translation>
    </message>
    <message>
        <source>Prefill</source>
        <translation>预填充</translation>
    </message>
    <message>
        <source>Inference memory</source>
        <translation>推理内存</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>键值缓存</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>之前</translation>
    </message>
    <message>
        <source>After</source>
        <translation>之后</translation>
    </message>
    <message>
        <source>Every layer loses the same heads: a design has one head count for all layers. Which heads go (the engine&apos;s lowest head scores) decides the quality, not these counts.</source>
        <translation>每层移除相同数量的头：设计中所有层的头数相同。移除哪些头（引擎中得分最低的头）决定质量，而不影响这些数字。</translation>
    </message>
    <message>
        <source>The predicted loss is the scaling law&apos;s for the smaller model trained from scratch; a pruned model recovers towards it only with further training.</source>
        <translation>预测损失是缩放定律对较小模型从头训练的预测；剪枝后的模型只有经过继续训练才能接近它。</translation>
    </message>
</context>
<context>
    <name>tx::ReadoutBar</name>
    <message>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <source>→ %1 parameters (%2)</source>
        <translation>→ %1 参数（%2）</translation>
    </message>
    <message>
        <source>&amp;Discuss:</source>
        <translation>讲解(&amp;D)：</translation>
    </message>
</context>
<context>
    <name>tx::ReasonCaptions</name>
    <message>
        <source>%1 — %2</source>
        <translation>%1 —— %2</translation>
    </message>
</context>
<context>
    <name>tx::RecentFiles</name>
    <message>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
</context>
<context>
    <name>tx::Reconciliation</name>
    <message>
        <source>config says</source>
        <translation>配置写明</translation>
    </message>
    <message>
        <source>the design says</source>
        <translation>设计写明</translation>
    </message>
    <message>
        <source>%1 tie_word_embeddings, but %2 is stored: %3</source>
        <translation>%1 tie_word_embeddings，但文件中存有 %2：%3</translation>
    </message>
    <message>
        <source>%1 the head is untied (tie_word_embeddings false), but no head weight is stored: %2</source>
        <translation>%1输出头不共享（tie_word_embeddings 为 false），但文件中没有输出头权重：%2</translation>
    </message>
    <message>
        <source>the design counts %1, the file holds %2; %3 account for %4</source>
        <translation>设计计为 %1，文件中有 %2；%3 占了 %4</translation>
    </message>
    <message>
        <source>the design counts %1, the file holds %2: %3</source>
        <translation>设计计为 %1，文件中有 %2：%3</translation>
    </message>
</context>
<context>
    <name>tx::RelativeBiasHeatmap</name>
    <message>
        <source>T5 relative position bias, %1 heads × %2 key offsets, one table for all %3 layers</source>
        <translation>T5 相对位置偏置：%1 个头 × %2 个键偏移，全部 %3 层共用一张表</translation>
    </message>
    <message>
        <source>head</source>
        <translation>注意力头</translation>
    </message>
    <message>
        <source>key offset k − q</source>
        <translation>键偏移 k − q</translation>
    </message>
    <message>
        <source>H%1</source>
        <translation>H%1</translation>
    </message>
    <message>
        <source>An encoder gives later keys their own half of the buckets.</source>
        <translation>编码器为后面的键单独分配一半的桶。</translation>
    </message>
    <message>
        <source>A decoder sees earlier keys only (later offsets in the mask colour).</source>
        <translation>解码器只看得到前面的键（后面的偏移以遮罩色显示）。</translation>
    </message>
    <message>
        <source>Each head adds a learned number to q·k, looked up by the bucket of the key&apos;s offset k − q: offsets below %1 have a bucket each, longer ones share logarithmically wider buckets up to %2 tokens, and every offset from there on shares the last of the %3 buckets (Raffel et al. 2019, §2.1). %4 T5 does not divide q·k by √d.</source>
        <translation>每个头在 q·k 上加一个学到的数，按键偏移 k − q 所在的桶查表：小于 %1 的偏移各占一个桶，更远的偏移共用按对数变宽的桶，直到 %2 个词元；再往后的偏移都共用 %3 个桶中的最后一个（Raffel 等，2019，§2.1）。%4 T5 不把 q·k 除以 √d。</translation>
    </message>
</context>
<context>
    <name>tx::ReportCharts</name>
    <message>
        <source>Custom design</source>
        <translation>自定义设计</translation>
    </message>
    <message>
        <source>Parameters by component — %1</source>
        <translation>按组件划分的参数量 — %1</translation>
    </message>
    <message>
        <source>Memory and device fit — %1 on %2</source>
        <translation>内存与设备容纳 — %2 上的 %1</translation>
    </message>
    <message>
        <source>Roofline: prefill and decode on %1 — %2</source>
        <translation>屋顶线：%1 上的预填充与解码 — %2</translation>
    </message>
    <message>
        <source>Scaling law — %1 · %2</source>
        <translation>缩放定律 — %1 · %2</translation>
    </message>
    <message>
        <source>Which knob moves inference memory — %1</source>
        <translation>哪个旋钮最影响推理内存 — %1</translation>
    </message>
    <message>
        <source>Decode speed against concurrent users on %1 — %2</source>
        <translation>%1 上的解码速度与并发用户数 — %2</translation>
    </message>
</context>
<context>
    <name>tx::ReportCommand</name>
    <message>
        <source>unknown report type (expected .pdf, .html or .md)</source>
        <translation>未知的报告类型（应为 .pdf、.html 或 .md）</translation>
    </message>
    <message>
        <source>unknown option</source>
        <translation>未知选项</translation>
    </message>
</context>
<context>
    <name>tx::ReportContent</name>
    <message>
        <source>Custom design</source>
        <translation>自定义设计</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>AdamW in fp32 (16 bytes per trainable parameter)</source>
        <translation>fp32 下的 AdamW（每个可训练参数 16 字节）</translation>
    </message>
    <message>
        <source>AdamW, mixed precision bf16 + fp32 master weights (16 bytes per trainable parameter)</source>
        <translation>AdamW，bf16 混合精度 + fp32 主权重（每个可训练参数 16 字节）</translation>
    </message>
    <message>
        <source>SGD with momentum in fp32 (12 bytes per trainable parameter)</source>
        <translation>fp32 下带动量的 SGD（每个可训练参数 12 字节）</translation>
    </message>
    <message>
        <source>8-bit Adam (10 bytes per trainable parameter)</source>
        <translation>8 位 Adam（每个可训练参数 10 字节）</translation>
    </message>
    <message>
        <source>Adafactor (factored second moment)</source>
        <translation>Adafactor（分解的二阶矩）</translation>
    </message>
    <message>
        <source>none (all activations kept)</source>
        <translation>无（保留全部激活值）</translation>
    </message>
    <message>
        <source>selective (attention core recomputed; Korthikanti et al. 2022)</source>
        <translation>选择性（重计算注意力核心；Korthikanti 等，2022）</translation>
    </message>
    <message>
        <source>full (each layer&apos;s input kept, layer recomputed)</source>
        <translation>完全（保留每层的输入，重计算该层）</translation>
    </message>
    <message>
        <source>decoder-only</source>
        <translation>仅解码器</translation>
    </message>
    <message>
        <source>encoder-only</source>
        <translation>仅编码器</translation>
    </message>
    <message>
        <source>encoder-decoder</source>
        <translation>编码器-解码器</translation>
    </message>
    <message>
        <source>%1 — design report</source>
        <translation>%1 — 设计报告</translation>
    </message>
    <message>
        <source>At a glance</source>
        <translation>概览</translation>
    </message>
    <message>
        <source>fits one %1 (%2)</source>
        <translation>单个 %1 即可容纳（%2）</translation>
    </message>
    <message numerus="yes">
        <source>needs %n × %1</source>
        <translation>
            <numerusform>需要 %n × %1</numerusform>
        </translation>
    </message>
    <message>
        <source>does not fit a %1 (%2)</source>
        <translation>单个 %1 无法容纳（%2）</translation>
    </message>
    <message numerus="yes">
        <source>fits each of the %n devices</source>
        <translation>
            <numerusform>%n 台设备均可各自容纳</numerusform>
        </translation>
    </message>
    <message>
        <source>Parameters (exact)</source>
        <translation>参数量（精确值）</translation>
    </message>
    <message>
        <source>Active parameters per token</source>
        <translation>每词元激活参数量</translation>
    </message>
    <message>
        <source>Inference memory</source>
        <translation>推理内存</translation>
    </message>
    <message>
        <source>Training memory per device</source>
        <translation>每台设备的训练内存</translation>
    </message>
    <message>
        <source>Training compute</source>
        <translation>训练算力</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个词元</translation>
    </message>
    <message>
        <source>Training time</source>
        <translation>训练时间</translation>
    </message>
    <message numerus="yes">
        <source>%n × %1 at %2 MFU</source>
        <translation>
            <numerusform>%n × %1，MFU %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Training cost</source>
        <translation>训练成本</translation>
    </message>
    <message>
        <source>%1 GPU-hours at $%2/h</source>
        <translation>%1 GPU 小时，按 $%2/小时</translation>
    </message>
    <message>
        <source>Decode throughput</source>
        <translation>解码吞吐量</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 词元/秒</translation>
    </message>
    <message>
        <source>batch %1, %2 tokens of context</source>
        <translation>批大小 %1，上下文 %2 个词元</translation>
    </message>
    <message>
        <source>Predicted loss</source>
        <translation>预测损失</translation>
    </message>
    <message>
        <source>%1 nats/token</source>
        <translation>%1 奈特/词元</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Design</source>
        <translation>设计</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>来源：%1</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>架构</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>%1 encoder + %2 decoder</source>
        <translation>%1 层编码器 + %2 层解码器</translation>
    </message>
    <message>
        <source>Model width d_model</source>
        <translation>隐藏维度（d_model）</translation>
    </message>
    <message>
        <source>Attention heads (query / key-value)</source>
        <translation>注意力头（查询 / 键值）</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Head dimension</source>
        <translation>头维度</translation>
    </message>
    <message>
        <source>Feed-forward width d_ff</source>
        <translation>前馈网络宽度（d_ff）</translation>
    </message>
    <message>
        <source>%1 (%2, %3)</source>
        <translation>%1（%2，%3）</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表</translation>
    </message>
    <message>
        <source>Context (positions)</source>
        <translation>上下文（位置数）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Normalization</source>
        <translation>归一化</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>Embeddings tied to output</source>
        <translation>嵌入与输出头共享</translation>
    </message>
    <message>
        <source>Weight / KV cache precision</source>
        <translation>权重 / 键值缓存精度</translation>
    </message>
    <message>
        <source>Mixture of experts</source>
        <translation>混合专家</translation>
    </message>
    <message>
        <source>%1 experts, top-%2, every %3 layer(s)</source>
        <translation>%1 个专家，top-%2，每 %3 层一次</translation>
    </message>
    <message>
        <source>Sliding attention window</source>
        <translation>滑动注意力窗口</translation>
    </message>
    <message>
        <source>Layer sharing</source>
        <translation>层间权重共享</translation>
    </message>
    <message>
        <source>LoRA rank</source>
        <translation>LoRA 秩</translation>
    </message>
    <message>
        <source>Setting</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>%1 parameters in total (tied and shared weights counted once); %2 outside the embeddings.</source>
        <translation>参数量共 %1（共享的嵌入和权重只计一次）；其中嵌入以外 %2。</translation>
    </message>
    <message>
        <source>Component</source>
        <translation>组件</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Memory and device fit</source>
        <translation>内存与设备容纳</translation>
    </message>
    <message>
        <source>Inference at %1 weights and a %2 KV cache, batch %3, %4 tokens of context. %5.</source>
        <translation>推理：%1 权重，%2 键值缓存，批大小 %3，上下文 %4 个词元。%5。</translation>
    </message>
    <message>
        <source>Inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>键值缓存</translation>
    </message>
    <message>
        <source>Activations (prefill)</source>
        <translation>激活值（预填充）</translation>
    </message>
    <message>
        <source>Runtime overhead (%1)</source>
        <translation>运行时开销（%1）</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>Fits one %1</source>
        <translation>单台 %1 可容纳</translation>
    </message>
    <message>
        <source>Devices needed to hold it</source>
        <translation>容纳所需设备数</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Trainable parameters</source>
        <translation>可训练参数量</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>Total, one replica</source>
        <translation>合计（单个副本）</translation>
    </message>
    <message>
        <source>Per device (ZeRO-%1, tensor parallel %2, %3 devices)</source>
        <translation>每台设备（ZeRO-%1，张量并行 %2，%3 台设备）</translation>
    </message>
    <message>
        <source>Per-device share fits a %1</source>
        <translation>每台设备的份额可容纳于 %1</translation>
    </message>
    <message>
        <source>Devices needed to hold one replica</source>
        <translation>容纳一个副本所需设备数</translation>
    </message>
    <message>
        <source>Compute, time and cost</source>
        <translation>算力、时间与成本</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>算力</translation>
    </message>
    <message>
        <source>Forward pass per token</source>
        <translation>每词元前向传播</translation>
    </message>
    <message>
        <source>Training per token</source>
        <translation>每词元训练</translation>
    </message>
    <message>
        <source>Training total (%1 tokens)</source>
        <translation>训练总量（%1 个词元）</translation>
    </message>
    <message>
        <source>Prefill (whole prompt, whole batch)</source>
        <translation>预填充（整个提示，整个批次）</translation>
    </message>
    <message>
        <source>%1, %2 FLOP/byte</source>
        <translation>%1，%2 FLOP/字节</translation>
    </message>
    <message>
        <source>Decode step (whole batch)</source>
        <translation>解码步（整个批次）</translation>
    </message>
    <message>
        <source>On %1</source>
        <translation>在 %1 上</translation>
    </message>
    <message>
        <source>Peak at %1</source>
        <translation>峰值 %1</translation>
    </message>
    <message>
        <source>%1 FLOP/s</source>
        <translation>%1 FLOP/s</translation>
    </message>
    <message>
        <source>Memory bandwidth</source>
        <translation>内存带宽</translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/s</translation>
    </message>
    <message>
        <source>Prefill time</source>
        <translation>预填充时间</translation>
    </message>
    <message>
        <source>Decode step time</source>
        <translation>解码步时间</translation>
    </message>
    <message numerus="yes">
        <source>Training time (%n devices, MFU %1)</source>
        <translation>
            <numerusform>训练时间（%n 台设备，MFU %1）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (%2 days)</source>
        <translation>%1（%2 天）</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU 小时</translation>
    </message>
    <message>
        <source>Cost at $%1 per device-hour</source>
        <translation>成本（每设备小时 $%1）</translation>
    </message>
    <message>
        <source>Scaling law</source>
        <translation>缩放定律</translation>
    </message>
    <message>
        <source>%1. Source: %2.</source>
        <translation>%1。来源：%2。</translation>
    </message>
    <message>
        <source>Scaling</source>
        <translation>缩放</translation>
    </message>
    <message>
        <source>Non-embedding parameters N</source>
        <translation>非嵌入参数量 N</translation>
    </message>
    <message>
        <source>Parameters N</source>
        <translation>参数量 N</translation>
    </message>
    <message>
        <source>Training tokens D</source>
        <translation>训练词元数 D</translation>
    </message>
    <message>
        <source>Compute C = 6·N·D</source>
        <translation>算力 C = 6·N·D</translation>
    </message>
    <message>
        <source>Tokens per parameter</source>
        <translation>每参数词元数</translation>
    </message>
    <message>
        <source>Compute-optimal N* for the same C</source>
        <translation>相同 C 下的算力最优 N*</translation>
    </message>
    <message>
        <source>Compute-optimal D*</source>
        <translation>算力最优 D*</translation>
    </message>
    <message>
        <source>Loss at the optimum</source>
        <translation>最优点的损失</translation>
    </message>
    <message>
        <source>Compute-optimal tokens per parameter</source>
        <translation>算力最优的每参数词元数</translation>
    </message>
    <message>
        <source>Comparison with the pinned design</source>
        <translation>与已固定设计的比较</translation>
    </message>
    <message>
        <source>The pinned design is %1; the last column is this design divided by it.</source>
        <translation>已固定的设计为 %1；最后一列为本设计除以它的比值。</translation>
    </message>
    <message>
        <source>Ratio</source>
        <translation>比值</translation>
    </message>
    <message>
        <source>Forward FLOPs per token</source>
        <translation>每词元前向 FLOPs</translation>
    </message>
    <message>
        <source>Decode throughput (tokens/s)</source>
        <translation>解码吞吐量（词元/秒）</translation>
    </message>
    <message>
        <source>Predicted loss (nats/token)</source>
        <translation>预测损失（奈特/词元）</translation>
    </message>
    <message>
        <source>Assumptions</source>
        <translation>假设</translation>
    </message>
    <message>
        <source>$%1 per device-hour (catalog price)</source>
        <translation>每设备小时 $%1（目录价格）</translation>
    </message>
    <message>
        <source>$%1 per device-hour (given)</source>
        <translation>每设备小时 $%1（指定）</translation>
    </message>
    <message>
        <source>Assumption</source>
        <translation>假设</translation>
    </message>
    <message>
        <source>Weight precision</source>
        <translation>权重精度</translation>
    </message>
    <message>
        <source>KV cache precision</source>
        <translation>键值缓存精度</translation>
    </message>
    <message>
        <source>Batch (sequences)</source>
        <translation>批大小（序列数）</translation>
    </message>
    <message>
        <source>Context length (tokens)</source>
        <translation>上下文长度（词元）</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Activation recomputation</source>
        <translation>激活值重计算</translation>
    </message>
    <message>
        <source>FlashAttention</source>
        <translation>FlashAttention</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>Tensor parallel / data parallel</source>
        <translation>张量并行 / 数据并行</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>Model FLOPs utilisation (MFU)</source>
        <translation>模型 FLOPs 利用率（MFU）</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>Inference runtime overhead</source>
        <translation>推理运行时开销</translation>
    </message>
    <message>
        <source>Scaling-law fit</source>
        <translation>缩放定律拟合</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Byte units</source>
        <translation>字节单位</translation>
    </message>
    <message>
        <source>How each figure is computed</source>
        <translation>每个数字的计算方法</translation>
    </message>
    <message>
        <source>Each figure with its formula, the same formula with this design&apos;s numbers, and where the formula comes from.</source>
        <translation>每个数字及其公式、代入本设计数值后的公式，以及公式出处。</translation>
    </message>
    <message>
        <source>Generated %1 by Transformer Explorer %2.</source>
        <translation>由 Transformer Explorer %2 于 %1 生成。</translation>
    </message>
    <message>
        <source>Formula, with the numbers, and source</source>
        <translation>公式、代入数值与来源</translation>
    </message>
    <message>
        <source>Estimates, not measurements: they follow the stated assumptions and the cited formulas.</source>
        <translation>以上为估算而非实测：依据所列假设和引用的公式得出。</translation>
    </message>
    <message>
        <source>Which knob matters</source>
        <translation>哪个旋钮重要</translation>
    </message>
    <message>
        <source>Each knob one step down and one step up (±10 % or the next valid value), and how far that moves inference memory. %1</source>
        <translation>每个旋钮下调一步、上调一步（±10 % 或下一个有效值），以及推理内存随之变化多少。%1</translation>
    </message>
    <message>
        <source>Concurrent users</source>
        <translation>并发用户</translation>
    </message>
</context>
<context>
    <name>tx::ReportGenerator</name>
    <message>
        <source>unknown report type &quot;%1&quot; (expected .pdf, .html or .md)</source>
        <translation>未知的报告类型“%1”（应为 .pdf、.html 或 .md）</translation>
    </message>
    <message>
        <source>cannot write the file: %1</source>
        <translation>无法写入文件：%1</translation>
    </message>
    <message>
        <source>%1 · Transformer Explorer %2 · %3</source>
        <translation>%1 · Transformer Explorer %2 · %3</translation>
    </message>
    <message>
        <source>page %1 of %2</source>
        <translation>第 %1 页，共 %2 页</translation>
    </message>
</context>
<context>
    <name>tx::RopeFrequencies</name>
    <message>
        <source>linear, factor %1</source>
        <translation>linear，系数 %1</translation>
    </message>
    <message>
        <source>dynamic NTK, factor %1 past %2 positions</source>
        <translation>dynamic NTK，超过 %2 个位置后系数 %1</translation>
    </message>
    <message>
        <source>yarn, factor %1 from %2 positions, beta_fast %3, beta_slow %4%5</source>
        <translation>yarn，系数 %1，基于 %2 个位置，beta_fast %3，beta_slow %4%5</translation>
    </message>
    <message>
        <source>, not truncated</source>
        <translation>，不取整</translation>
    </message>
    <message>
        <source>llama3, factor %1 from %2 positions, low_freq_factor %3, high_freq_factor %4</source>
        <translation>llama3，系数 %1，基于 %2 个位置，low_freq_factor %3，high_freq_factor %4</translation>
    </message>
    <message>
        <source>longrope, %1 factors from %2 positions</source>
        <translation>longrope，%1 个系数，基于 %2 个位置</translation>
    </message>
    <message>
        <source>cos/sin × %1</source>
        <translation>cos/sin × %1</translation>
    </message>
    <message>
        <source>softmax scale × %1</source>
        <translation>softmax 缩放 × %1</translation>
    </message>
    <message>
        <source>sliding layers: plain RoPE, base %1</source>
        <translation>滑动窗口层：普通 RoPE，基数 %1</translation>
    </message>
</context>
<context>
    <name>tx::RouterTable</name>
    <message>
        <source>Layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>load</source>
        <translation>负载</translation>
    </message>
    <message>
        <source>E%1 %2</source>
        <translation>E%1 %2</translation>
    </message>
    <message>
        <source>E%1: %2</source>
        <translation>E%1：%2</translation>
    </message>
</context>
<context>
    <name>tx::RunCommand</name>
    <message>
        <source>&quot;%1&quot; is not a token id (a non-negative integer)</source>
        <translation>“%1”不是词元 id（应为非负整数）</translation>
    </message>
    <message>
        <source>expected a comma-separated list of token ids</source>
        <translation>应为以逗号分隔的词元 id 列表</translation>
    </message>
    <message>
        <source>give exactly one of --text and --tokens</source>
        <translation>--text 和 --tokens 必须且只能给出一个</translation>
    </message>
    <message>
        <source>expected an integer from 1 to 1000, got &quot;%1&quot;</source>
        <translation>应为 1 到 1000 之间的整数，实际为“%1”</translation>
    </message>
    <message>
        <source>expected an integer from 1 to 100000, got &quot;%1&quot;</source>
        <translation>应为 1 到 100000 之间的整数，实际为“%1”</translation>
    </message>
    <message>
        <source>applies to --generate only</source>
        <translation>仅适用于 --generate</translation>
    </message>
    <message>
        <source>expected a number from 0 to 100, got &quot;%1&quot;</source>
        <translation>应为 0 到 100 之间的数，实际为“%1”</translation>
    </message>
    <message>
        <source>expected a number above 0 and at most 1, got &quot;%1&quot;</source>
        <translation>应为大于 0 且不超过 1 的数，实际为“%1”</translation>
    </message>
    <message>
        <source>expected a non-negative integer, got &quot;%1&quot;</source>
        <translation>应为非负整数，实际为“%1”</translation>
    </message>
    <message>
        <source>expected megabytes from 0 to 1000000, got &quot;%1&quot;</source>
        <translation>应为 0 到 1000000 之间的兆字节数，实际为“%1”</translation>
    </message>
    <message>
        <source>applies to designs (--preset, --config), not to --model</source>
        <translation>适用于设计（--preset、--config），不适用于 --model</translation>
    </message>
    <message>
        <source>unknown option</source>
        <translation>未知选项</translation>
    </message>
    <message>
        <source> (add --scale-down for the nearest model the engine runs)</source>
        <translation> （加上 --scale-down 以使用引擎可运行的最接近模型）</translation>
    </message>
    <message>
        <source>no tokenizer files beside the model and vocab_size %1 is below the 256 a byte tokenizer needs; use --tokens</source>
        <translation>模型旁没有分词器文件，且 vocab_size %1 小于字节分词器所需的 256；请使用 --tokens</translation>
    </message>
    <message>
        <source>the text encodes to no tokens</source>
        <translation>该文本编码后没有词元</translation>
    </message>
    <message>
        <source>give either --dump or --generate</source>
        <translation>--dump 和 --generate 只能给出其一</translation>
    </message>
    <message>
        <source>Scaled down: %1</source>
        <translation>已缩小：%1</translation>
    </message>
    <message>
        <source>Generated %1 tokens: %2</source>
        <translation>已生成 %1 个词元：%2</translation>
    </message>
    <message>
        <source>Text: %1</source>
        <translation>文本：%1</translation>
    </message>
    <message>
        <source>%1 tokens/s (KV cache, prompt included in the time)</source>
        <translation>%1 词元/秒（KV 缓存，计时包含提示词）</translation>
    </message>
    <message>
        <source>Wrote %1: %2 tokens, logits %2 × %3, attention %4 layers × %5 heads</source>
        <translation>已写入 %1：%2 个词元，logits %2 × %3，注意力 %4 层 × %5 个头</translation>
    </message>
    <message>
        <source>Custom design</source>
        <translation>自定义设计</translation>
    </message>
    <message>
        <source>Input: %1 tokens [%2]</source>
        <translation>输入：%1 个词元 [%2]</translation>
    </message>
    <message>
        <source>Next token (top %1):</source>
        <translation>下一个词元（前 %1）：</translation>
    </message>
    <message>
        <source>Wrote %1: %2 encoder tokens, 1 decoder token, logits 1 × %3, cross-attention %4 decoder layers × %5 heads over the encoder, encoder attention %6 layers</source>
        <translation>已写入 %1：%2 个编码器词元，1 个解码器词元，logits 1 × %3，交叉注意力 %4 个解码器层 × %5 个头（对编码器），编码器注意力 %6 层</translation>
    </message>
    <message>
        <source>Encoder-decoder: the encoder reads the input (%1 layers), the decoder starts from token %2 and attends over it (%3 layers)</source>
        <translation>编码器-解码器：编码器读入输入（%1 层），解码器从词元 %2 开始并关注编码器的输出（%3 层）</translation>
    </message>
    <message>
        <source>RoPE scaling: %1</source>
        <translation>RoPE 缩放：%1</translation>
    </message>
    <message>
        <source>Masked-LM prediction at position %1 &quot;%2&quot; (top %3):</source>
        <translation>掩码语言模型在第 %1 个位置“%2”的预测（前 %3 个）：</translation>
    </message>
</context>
<context>
    <name>tx::Safetensors</name>
    <message>
        <source>cannot open: %1</source>
        <translation>无法打开：%1</translation>
    </message>
    <message>
        <source>the file has %1 bytes, fewer than the 8-byte header length</source>
        <translation>文件只有 %1 字节，不足 8 字节的头部长度</translation>
    </message>
    <message>
        <source>cannot read the header length</source>
        <translation>无法读取头部长度</translation>
    </message>
    <message>
        <source>claims %1 bytes of header, but only %2 bytes follow</source>
        <translation>声称头部有 %1 字节，但其后只有 %2 字节</translation>
    </message>
    <message>
        <source>%1 bytes is more than the format&apos;s 100 MB limit</source>
        <translation>%1 字节超过了该格式 100 MB 的上限</translation>
    </message>
    <message>
        <source>the header is truncated</source>
        <translation>头部被截断</translation>
    </message>
    <message>
        <source>not a JSON object (%1 at byte %2)</source>
        <translation>不是 JSON 对象（%1，位于第 %2 字节）</translation>
    </message>
    <message>
        <source>expected an object with dtype, shape and data_offsets</source>
        <translation>应为包含 dtype、shape 和 data_offsets 的对象</translation>
    </message>
    <message>
        <source>unknown dtype &quot;%1&quot;</source>
        <translation>未知的 dtype“%1”</translation>
    </message>
    <message>
        <source>shape must be an array of at most 8 sizes</source>
        <translation>shape 必须是最多含 8 个尺寸的数组</translation>
    </message>
    <message>
        <source>shape %1 holds a size that is not a non-negative integer</source>
        <translation>shape %1 含有不是非负整数的尺寸</translation>
    </message>
    <message>
        <source>shape %1 overflows</source>
        <translation>shape %1 溢出</translation>
    </message>
    <message>
        <source>data_offsets must be two integers [begin, end]</source>
        <translation>data_offsets 必须是两个整数 [begin, end]</translation>
    </message>
    <message>
        <source>data_offsets [%1, %2] are not 0 &lt;= begin &lt;= end</source>
        <translation>data_offsets [%1, %2] 不满足 0 &lt;= begin &lt;= end</translation>
    </message>
    <message>
        <source>data_offsets [%1, %2] reach past the %3 bytes of data: the file is truncated or the offsets are wrong</source>
        <translation>data_offsets [%1, %2] 超出了 %3 字节的数据：文件已截断或偏移量有误</translation>
    </message>
    <message>
        <source>shape %1 of %2 needs %3 bytes, but data_offsets span %4</source>
        <translation>%2 的 shape %1 需要 %3 字节，但 data_offsets 跨度为 %4</translation>
    </message>
    <message>
        <source>cannot map the data: %1</source>
        <translation>无法映射数据：%1</translation>
    </message>
    <message>
        <source>missing tensor</source>
        <translation>缺少张量</translation>
    </message>
    <message>
        <source>shape %1, expected %2</source>
        <translation>shape 为 %1，应为 %2</translation>
    </message>
    <message>
        <source>dtype %1, expected F32, F16 or BF16</source>
        <translation>dtype 为 %1，应为 F32、F16 或 BF16</translation>
    </message>
    <message>
        <source>cannot write: %1</source>
        <translation>无法写入：%1</translation>
    </message>
    <message>
        <source>expected a tensor of at least one dimension</source>
        <translation>应为至少一维的张量</translation>
    </message>
    <message>
        <source>dtype %1, expected %2</source>
        <translation>dtype 为 %1，应为 %2</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
</context>
<context>
    <name>tx::SafetensorsHeader</name>
    <message>
        <source>cannot open: %1</source>
        <translation>无法打开：%1</translation>
    </message>
    <message>
        <source>the file has %1 bytes, fewer than the 8-byte header length</source>
        <translation>文件只有 %1 字节，不足 8 字节的头部长度</translation>
    </message>
    <message>
        <source>cannot read the header length</source>
        <translation>无法读取头部长度</translation>
    </message>
    <message>
        <source>claims %1 bytes of header, but only %2 bytes follow</source>
        <translation>声称头部有 %1 字节，但后面只有 %2 字节</translation>
    </message>
    <message>
        <source>%1 bytes is more than the format&apos;s 100 MB limit</source>
        <translation>%1 字节超过了格式规定的 100 MB 上限</translation>
    </message>
    <message>
        <source>the header is truncated</source>
        <translation>头部被截断</translation>
    </message>
    <message>
        <source>not a JSON object (%1 at byte %2)</source>
        <translation>不是 JSON 对象（第 %2 字节处：%1）</translation>
    </message>
    <message>
        <source>expected an object with dtype, shape and data_offsets</source>
        <translation>应为含有 dtype、shape 和 data_offsets 的对象</translation>
    </message>
    <message>
        <source>unknown dtype &quot;%1&quot; (the format defines %2)</source>
        <translation>未知的 dtype“%1”（格式定义了 %2）</translation>
    </message>
    <message>
        <source>must be an array of at most 16 sizes</source>
        <translation>必须是最多 16 个尺寸的数组</translation>
    </message>
    <message>
        <source>holds a size that is not a non-negative integer below 2^53</source>
        <translation>含有不是小于 2^53 的非负整数的尺寸</translation>
    </message>
    <message>
        <source>%1 has too many elements to count</source>
        <translation>%1 的元素太多，无法计数</translation>
    </message>
    <message>
        <source>%1 of %2 does not end on a byte boundary</source>
        <translation>%2 类型的 %1 没有在字节边界结束</translation>
    </message>
    <message>
        <source>must be two integers [begin, end] with 0 &lt;= begin &lt;= end</source>
        <translation>必须是两个整数 [begin, end]，且 0 &lt;= begin &lt;= end</translation>
    </message>
    <message>
        <source>[%1, %2] reach past the %3 bytes of data: the file is truncated or the offsets are wrong</source>
        <translation>[%1, %2] 超出了 %3 字节的数据：文件被截断，或偏移有误</translation>
    </message>
    <message>
        <source>span %1 bytes, but shape %2 of %3 needs %4</source>
        <translation>跨越 %1 字节，但 %3 类型的形状 %2 需要 %4 字节</translation>
    </message>
    <message>
        <source>overlap %1 by %2 bytes</source>
        <translation>与 %1 重叠 %2 字节</translation>
    </message>
    <message>
        <source>leave %1 bytes unaccounted for before this tensor</source>
        <translation>在此张量之前留下了 %1 字节的空隙</translation>
    </message>
    <message>
        <source>the tensors end at byte %1, but the file has %2 bytes</source>
        <translation>张量在第 %1 字节结束，但文件有 %2 字节</translation>
    </message>
</context>
<context>
    <name>tx::SafetensorsIndex</name>
    <message>
        <source>cannot open: %1</source>
        <translation>无法打开：%1</translation>
    </message>
    <message>
        <source>%1 bytes is more than the 100 MB an index may have</source>
        <translation>%1 字节超过了索引文件允许的 100 MB</translation>
    </message>
    <message>
        <source>not a JSON object (%1 at byte %2)</source>
        <translation>不是 JSON 对象（第 %2 字节处：%1）</translation>
    </message>
    <message>
        <source>required object is missing</source>
        <translation>缺少必需的对象</translation>
    </message>
    <message>
        <source>expected a shard file name</source>
        <translation>应为分片文件名</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a file name beside the index</source>
        <translation>“%1”不是与索引同一文件夹中的文件名</translation>
    </message>
    <message>
        <source>names the shard %1, which is missing</source>
        <translation>指向分片 %1，但该分片不存在</translation>
    </message>
    <message>
        <source>expected a non-negative integer</source>
        <translation>应为非负整数</translation>
    </message>
    <message>
        <source>is stored in more than one shard</source>
        <translation>存储在多个分片中</translation>
    </message>
    <message>
        <source>is stored in this shard, but the index&apos;s weight_map does not list it</source>
        <translation>存储在此分片中，但索引的 weight_map 没有列出它</translation>
    </message>
    <message>
        <source>names the shard %1, but the tensor is in %2</source>
        <translation>指向分片 %1，但该张量位于 %2</translation>
    </message>
    <message>
        <source>names the shard %1, which does not hold it</source>
        <translation>指向分片 %1，但该分片中没有它</translation>
    </message>
    <message>
        <source>says %1 bytes, but the shards&apos; tensors hold %2</source>
        <translation>写明 %1 字节，但各分片的张量共有 %2 字节</translation>
    </message>
</context>
<context>
    <name>tx::ScalingLaw</name>
    <message>
        <source>Chinchilla (Hoffmann et al. 2022, approach 3)</source>
        <translation>Chinchilla（Hoffmann 等 2022，方法 3）</translation>
    </message>
    <message>
        <source>Chinchilla, unrounded constants (Hoffmann et al. 2022, approach 3)</source>
        <translation>Chinchilla，未取整常数（Hoffmann 等 2022，方法 3）</translation>
    </message>
    <message>
        <source>Epoch AI refit (Besiroglu et al. 2024)</source>
        <translation>Epoch AI 重新拟合（Besiroglu 等 2024）</translation>
    </message>
    <message>
        <source>Kaplan et al. 2020</source>
        <translation>Kaplan 等 2020</translation>
    </message>
    <message>
        <source>Hoffmann et al. 2022, arXiv:2203.15556, App. D.2 eq. (10); N*, D*: eq. (4)</source>
        <translation>Hoffmann 等 2022，arXiv:2203.15556，附录 D.2 式 (10)；N*、D*：式 (4)</translation>
    </message>
    <message>
        <source>Hoffmann et al. 2022 TeX source values, as given by Besiroglu et al. 2024, arXiv:2404.10102, Table 1</source>
        <translation>Hoffmann 等 2022 TeX 源文件中的数值，引自 Besiroglu 等 2024，arXiv:2404.10102，表 1</translation>
    </message>
    <message>
        <source>Besiroglu, Erdil, Barnett, You 2024, arXiv:2404.10102, Table 1; N*, D*: Hoffmann et al. 2022 eq. (4)</source>
        <translation>Besiroglu、Erdil、Barnett、You 2024，arXiv:2404.10102，表 1；N*、D*：Hoffmann 等 2022 式 (4)</translation>
    </message>
    <message>
        <source>Kaplan et al. 2020, arXiv:2001.08361, eq. (1.5) with Table 2; N_opt, D_opt: Table 5</source>
        <translation>Kaplan 等 2020，arXiv:2001.08361，式 (1.5) 及表 2；N_opt、D_opt：表 5</translation>
    </message>
</context>
<context>
    <name>tx::ScalingLawChart</name>
    <message>
        <source>parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>predicted loss (nats/token)</source>
        <translation>预测损失（奈特/词元）</translation>
    </message>
    <message>
        <source>Loss against size, same training data</source>
        <translation>相同训练数据下损失随规模的变化</translation>
    </message>
    <message>
        <source>Design</source>
        <translation>此设计</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个词元</translation>
    </message>
</context>
<context>
    <name>tx::ScalingView</name>
    <message>
        <source>For %1 of training compute this design is %2× larger than compute-optimal (%3 parameters on %4 tokens would reach loss %5 instead of %6).</source>
        <translation>在 %1 的训练算力下，此设计比算力最优大 %2 倍（%3 参数、%4 词元可达到损失 %5，而不是 %6）。</translation>
    </message>
    <message>
        <source>For %1 of training compute this design is %2× smaller than compute-optimal (%3 parameters on %4 tokens would reach loss %5 instead of %6).</source>
        <translation>在 %1 的训练算力下，此设计比算力最优小 %2 倍（%3 参数、%4 词元可达到损失 %5，而不是 %6）。</translation>
    </message>
    <message>
        <source>For %1 of training compute this design is close to compute-optimal (within %2×: %3 parameters on %4 tokens would reach loss %5; this design %6).</source>
        <translation>在 %1 的训练算力下，此设计接近算力最优（相差在 %2 倍以内：%3 参数、%4 词元可达到损失 %5；此设计为 %6）。</translation>
    </message>
</context>
<context>
    <name>tx::SensitivityFigure</name>
    <message>
        <source>Context in use</source>
        <translation>使用的上下文</translation>
    </message>
    <message>
        <source>Concurrent sequences</source>
        <translation>并发序列</translation>
    </message>
    <message>
        <source>Training tokens</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <source>weights memory</source>
        <translation>权重内存</translation>
    </message>
    <message>
        <source>inference memory</source>
        <translation>推理内存</translation>
    </message>
    <message>
        <source>training compute</source>
        <translation>训练计算量</translation>
    </message>
    <message>
        <source>training cost</source>
        <translation>训练费用</translation>
    </message>
    <message>
        <source>predicted loss</source>
        <translation>预测损失</translation>
    </message>
    <message>
        <source>Which knob moves %1</source>
        <translation>哪个旋钮最影响%1</translation>
    </message>
    <message>
        <source>change in %1 (%)</source>
        <translation>%1变化（%）</translation>
    </message>
    <message>
        <source>One step down (−10 % or the next valid value)</source>
        <translation>下调一步（−10 % 或下一个有效值）</translation>
    </message>
    <message>
        <source>One step up (+10 % or the next valid value)</source>
        <translation>上调一步（+10 % 或下一个有效值）</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>%1 %2: %3 | %4</source>
        <translation>%1 %2：%3 | %4</translation>
    </message>
    <message>
        <source>To lower %1 most: %2 %3 → %4, %5.</source>
        <translation>最能降低%1的一步：%2 %3 → %4，%5。</translation>
    </message>
</context>
<context>
    <name>tx::ServingEstimator</name>
    <message>
        <source>roofline (Williams et al. 2009): the slower of the FLOPs at peak and the bytes at bandwidth</source>
        <translation>屋顶线模型（Williams 等 2009）：按峰值算 FLOP 与按带宽搬运字节，两者取较慢者</translation>
    </message>
    <message>
        <source>definition</source>
        <translation>定义</translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation>首词元时间</translation>
    </message>
    <message>
        <source>max(P · FLOPs/token / (n · peak), (weights + KV of P) / (n · bandwidth))</source>
        <translation>max(P · 每词元 FLOP / (n · 峰值), (权重 + P 个词元的键值缓存) / (n · 带宽))</translation>
    </message>
    <message>
        <source>Time per output token</source>
        <translation>每输出词元时间</translation>
    </message>
    <message>
        <source>max(b · decode FLOPs at P + O/2 / (n · peak), (weights + KV of b at P + O/2) / (n · bandwidth))</source>
        <translation>max(b · 上下文 P + O/2 处的解码 FLOP / (n · 峰值), (权重 + b 条序列在 P + O/2 处的键值缓存) / (n · 带宽))</translation>
    </message>
    <message>
        <source>roofline (Williams et al. 2009); decode is memory-bound at small batch (Pope et al. 2022)</source>
        <translation>屋顶线模型（Williams 等 2009）；小批量解码受内存带宽限制（Pope 等 2022）</translation>
    </message>
    <message>
        <source>Aggregate output throughput</source>
        <translation>总输出吞吐量</translation>
    </message>
    <message>
        <source>b / TPOT</source>
        <translation>b / TPOT</translation>
    </message>
    <message>
        <source>Speed per user</source>
        <translation>每用户速度</translation>
    </message>
    <message>
        <source>1 / TPOT</source>
        <translation>1 / TPOT</translation>
    </message>
    <message>
        <source>Cost per million input tokens</source>
        <translation>每百万输入词元成本</translation>
    </message>
    <message>
        <source>n · price / 3600 · TTFT / P · 10^6 / utilisation</source>
        <translation>n · 价格 / 3600 · TTFT / P · 10^6 / 利用率</translation>
    </message>
    <message>
        <source>device time per token at the device&apos;s price; utilisation is an assumption (--utilisation)</source>
        <translation>每个词元占用的设备时间按设备价格计；利用率是一项假设（--utilisation）</translation>
    </message>
    <message>
        <source>Cost per million output tokens</source>
        <translation>每百万输出词元成本</translation>
    </message>
    <message>
        <source>n · price / 3600 · TPOT / b · 10^6 / utilisation</source>
        <translation>n · 价格 / 3600 · TPOT / b · 10^6 / 利用率</translation>
    </message>
</context>
<context>
    <name>tx::ShowWorkView</name>
    <message>
        <source> per token</source>
        <translation> 每词元</translation>
    </message>
    <message>
        <source>%1 (%2 parameters)</source>
        <translation>%1（%2 参数）</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个词元</translation>
    </message>
    <message>
        <source>Formula</source>
        <translation>公式</translation>
    </message>
    <message>
        <source>With this design&apos;s numbers</source>
        <translation>代入此设计的数字</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>The design is invalid</source>
        <translation>设计无效</translation>
    </message>
</context>
<context>
    <name>tx::SinusoidHeatmap</name>
    <message>
        <source>no position information</source>
        <translation>没有位置信息</translation>
    </message>
    <message>
        <source>these sinusoidal encodings</source>
        <translation>这些正弦编码</translation>
    </message>
    <message>
        <source>a learned position table instead</source>
        <translation>可学习的位置表（而非正弦编码）</translation>
    </message>
    <message>
        <source>rotary encodings (RoPE) inside attention instead</source>
        <translation>注意力内部的旋转编码（RoPE，而非正弦编码）</translation>
    </message>
    <message>
        <source>relative position buckets instead</source>
        <translation>相对位置桶（而非正弦编码）</translation>
    </message>
    <message>
        <source>Sinusoidal position encoding, %1 positions × %2 dimensions</source>
        <translation>正弦位置编码，%1 个位置 × %2 个维度</translation>
    </message>
    <message>
        <source>position</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>PE(p, 2i) = sin(p / 10000^(2i/d)), PE(p, 2i+1) = cos(p / 10000^(2i/d)) (Vaswani et al. 2017, §3.5). Low dimensions change fast with position, high ones slowly. This design uses %1.</source>
        <translation>PE(p, 2i) = sin(p / 10000^(2i/d))，PE(p, 2i+1) = cos(p / 10000^(2i/d))（Vaswani 等，2017，§3.5）。低维度随位置变化快，高维度变化慢。本设计采用%1。</translation>
    </message>
</context>
<context>
    <name>tx::SizeCommand</name>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Memory, inference (%1 weights, %2 KV cache, batch %3, %4 tokens; %5)</source>
        <translation>内存，推理（%1 权重，%2 键值缓存，批大小 %3，%4 个词元；%5）</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>键值缓存</translation>
    </message>
    <message>
        <source>Activations (prefill)</source>
        <translation>激活值（预填充）</translation>
    </message>
    <message>
        <source>Runtime overhead (%1%)</source>
        <translation>运行时开销（%1%）</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>Memory, training (%1, recompute %2%3, ZeRO-%4, %5 devices, TP %6)</source>
        <translation>内存，训练（%1，重计算 %2%3，ZeRO-%4，%5 台设备，张量并行 %6）</translation>
    </message>
    <message>
        <source>, FlashAttention</source>
        <translation>，FlashAttention</translation>
    </message>
    <message>
        <source>Trainable parameters</source>
        <translation>可训练参数量</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>Total (one replica)</source>
        <translation>合计（单个副本）</translation>
    </message>
    <message>
        <source>Per device</source>
        <translation>每台设备</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>算力</translation>
    </message>
    <message>
        <source>Forward per token</source>
        <translation>每词元前向</translation>
    </message>
    <message>
        <source>Training per token</source>
        <translation>每词元训练</translation>
    </message>
    <message>
        <source>Training total (%1 tokens)</source>
        <translation>训练总量（%1 个词元）</translation>
    </message>
    <message>
        <source>Prefill</source>
        <translation>预填充</translation>
    </message>
    <message>
        <source>%1, %2 FLOP/byte</source>
        <translation>%1，%2 FLOP/字节</translation>
    </message>
    <message>
        <source>Decode step</source>
        <translation>解码一步</translation>
    </message>
    <message>
        <source>Hardware and cost (%1, MFU %2%)</source>
        <translation>硬件与成本（%1，MFU %2%）</translation>
    </message>
    <message>
        <source>Device memory</source>
        <translation>设备显存</translation>
    </message>
    <message>
        <source>Fits one device (inference)</source>
        <translation>单卡可容纳（推理）</translation>
    </message>
    <message>
        <source>Devices to hold inference</source>
        <translation>推理所需设备数</translation>
    </message>
    <message>
        <source>Fits one device (training)</source>
        <translation>单卡可容纳（训练）</translation>
    </message>
    <message>
        <source>Devices to hold training</source>
        <translation>训练所需设备数</translation>
    </message>
    <message>
        <source>Per-device training fits</source>
        <translation>每卡训练可容纳</translation>
    </message>
    <message>
        <source>Decode</source>
        <translation>解码</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 词元/秒</translation>
    </message>
    <message>
        <source>Training time</source>
        <translation>训练时间</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU 小时</translation>
    </message>
    <message>
        <source>Cost (at $%1/h)</source>
        <translation>成本（按 $%1/小时）</translation>
    </message>
    <message>
        <source>Scaling: %1</source>
        <translation>缩放定律：%1</translation>
    </message>
    <message>
        <source>Predicted loss</source>
        <translation>预测损失</translation>
    </message>
    <message>
        <source>%1 nats/token</source>
        <translation>%1 奈特/词元</translation>
    </message>
    <message>
        <source>Tokens per parameter</source>
        <translation>每参数词元数</translation>
    </message>
    <message>
        <source>Compute-optimal N* for 6·N·D</source>
        <translation>6·N·D 下的算力最优 N*</translation>
    </message>
    <message>
        <source>Compute-optimal D*</source>
        <translation>算力最优 D*</translation>
    </message>
    <message>
        <source>Compute-optimal tokens/param</source>
        <translation>算力最优 词元/参数</translation>
    </message>
    <message>
        <source>How each figure is computed</source>
        <translation>每个数字的计算方法</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>来源：%1</translation>
    </message>
    <message>
        <source>missing file or folder</source>
        <translation>缺少文件或文件夹</translation>
    </message>
    <message>
        <source>no design could be read (no config.json, GGUF architecture or known tensor names)</source>
        <translation>无法读取设计（没有 config.json、GGUF 架构或已知的张量名称）</translation>
    </message>
    <message>
        <source>give only one design source</source>
        <translation>只能给出一个设计来源</translation>
    </message>
    <message>
        <source>expected key=value, got &quot;%1&quot;</source>
        <translation>应为 key=value，实际为“%1”</translation>
    </message>
    <message>
        <source>expected table or json, got &quot;%1&quot;</source>
        <translation>应为 table 或 json，实际为“%1”</translation>
    </message>
    <message>
        <source>unknown option</source>
        <translation>未知选项</translation>
    </message>
    <message>
        <source>Custom design</source>
        <translation>自定义设计</translation>
    </message>
    <message>
        <source>Opened model: %1 (design from %2; weights are the file&apos;s %3 bytes of tensor data)</source>
        <translation>已打开模型：%1（设计来自 %2；权重按文件中 %3 字节的张量数据计）</translation>
    </message>
    <message>
        <source>Parameters: %1 (%2)</source>
        <translation>参数量：%1（%2）</translation>
    </message>
    <message>
        <source>Active per token: %1 (embeddings included, Qwen&apos;s convention)</source>
        <translation>每个 token 激活：%1（含嵌入，Qwen 的口径）</translation>
    </message>
    <message>
        <source>Active without the input embedding: %1 (DeepSeek&apos;s and OpenAI&apos;s convention)</source>
        <translation>不含输入嵌入的激活参数：%1（DeepSeek 与 OpenAI 的口径）</translation>
    </message>
    <message>
        <source>Multi-token prediction modules: %1, not in the total (DeepSeek-V3&apos;s 671B leaves them out)</source>
        <translation>多 token 预测模块：%1，不计入总数（DeepSeek-V3 的 671B 不含它们）</translation>
    </message>
    <message>
        <source>Executed (shared layers unrolled): %1</source>
        <translation>实际执行（共享层展开）：%1</translation>
    </message>
    <message>
        <source>Non-embedding: %1</source>
        <translation>非嵌入：%1</translation>
    </message>
    <message>
        <source>LoRA adapters: %1</source>
        <translation>LoRA 适配器：%1</translation>
    </message>
    <message>
        <source>%1 on %2× %3</source>
        <translation>%1，使用 %2 台 %3</translation>
    </message>
</context>
<context>
    <name>tx::SizeGuide</name>
    <message>
        <source>Classification / NER</source>
        <translation>分类 / 命名实体识别</translation>
    </message>
    <message>
        <source>Translation</source>
        <translation>翻译</translation>
    </message>
    <message>
        <source>Dialogue</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>unknown preset &quot;%1&quot;</source>
        <translation>未知预设“%1”</translation>
    </message>
    <message>
        <source>Model size by task</source>
        <translation>按任务选模型规模</translation>
    </message>
    <message>
        <source>training memory of one replica under the chosen optimizer</source>
        <translation>所选优化器下单个副本的训练内存</translation>
    </message>
    <message>
        <source>The seed&apos;s ranges and their examples, counted exactly</source>
        <translation>种子文档给出的范围及其示例（精确计数）</translation>
    </message>
    <message>
        <source>Range from</source>
        <translation>范围下限</translation>
    </message>
    <message>
        <source>Range to</source>
        <translation>范围上限</translation>
    </message>
    <message>
        <source>Exact parameters</source>
        <translation>精确参数量</translation>
    </message>
    <message>
        <source>In the range</source>
        <translation>在范围内</translation>
    </message>
    <message>
        <source>Your %1-parameter design is in the %2 range.</source>
        <translation>你的 %1 参数设计处于“%2”范围。</translation>
    </message>
    <message>
        <source>Your %1-parameter design is in no range; the nearest is %2.</source>
        <translation>你的 %1 参数设计不在任何范围内；最接近的是“%2”。</translation>
    </message>
    <message>
        <source>The seed&apos;s examples are loose: &quot;BERT-base (110M)&quot; is 109,482,240 parameters, DistilBERT 66,362,880; the translation models most used (Transformer big 214,245,376, T5-base 222,903,552) sit under the seed&apos;s 300 M.</source>
        <translation>种子文档的示例比较粗略：“BERT-base（110M）”实为 109,482,240 个参数，DistilBERT 为 66,362,880；最常用的翻译模型（Transformer big 214,245,376、T5-base 222,903,552）都低于种子文档给出的 3 亿。</translation>
    </message>
    <message>
        <source>Design parameters</source>
        <translation>设计参数量</translation>
    </message>
    <message>
        <source>the seed&apos;s size guide (classification / NER 50–100 M; translation 300 M–1 B; dialogue &gt; 1 B)</source>
        <translation>种子文档的规模指南（分类 / 命名实体识别 5000 万–1 亿；翻译 3 亿–10 亿；对话 &gt; 10 亿）</translation>
    </message>
</context>
<context>
    <name>tx::SolveCommand</name>
    <message>
        <source>missing (required by this question)</source>
        <translation>缺失（此问题必须给出）</translation>
    </message>
    <message>
        <source>expected a number from %1 to %2, got &quot;%3&quot;</source>
        <translation>应为 %1 到 %2 之间的数字，实际为“%3”</translation>
    </message>
    <message>
        <source>unknown preset &quot;%1&quot; (see `transformer-explorer presets`)</source>
        <translation>未知预设“%1”（见 `transformer-explorer presets`）</translation>
    </message>
    <message>
        <source>missing (a preset whose proportions the answer keeps)</source>
        <translation>缺失（需要一个预设，答案保持其比例）</translation>
    </message>
    <message>
        <source>d_model %1, %2 layers, %3 heads (%4 key/value), d_ff %5</source>
        <translation>d_model %1，%2 层，%3 个头（%4 个键值头），d_ff %5</translation>
    </message>
    <message>
        <source>expected a question: context, batch, largest, shape or device</source>
        <translation>应给出问题：context、batch、largest、shape 或 device</translation>
    </message>
    <message>
        <source>unknown question &quot;%1&quot; (expected context, batch, largest, shape or device)</source>
        <translation>未知问题“%1”（应为 context、batch、largest、shape 或 device）</translation>
    </message>
    <message>
        <source>expected text or json, got &quot;%1&quot;</source>
        <translation>应为 text 或 json，实际为“%1”</translation>
    </message>
    <message>
        <source>expected inference or training, got &quot;%1&quot;</source>
        <translation>应为 inference 或 training，实际为“%1”</translation>
    </message>
    <message>
        <source>expected a whole number of users</source>
        <translation>用户数应为整数</translation>
    </message>
    <message>
        <source>unknown option</source>
        <translation>未知选项</translation>
    </message>
    <message>
        <source>Longest context: %1 tokens (batch %2, %3 × %4)</source>
        <translation>最长上下文：%1 个词元（批大小 %2，%3 × %4）</translation>
    </message>
    <message>
        <source>Largest batch: %1 sequences (%2 tokens each, %3 × %4)</source>
        <translation>最大批大小：%1 条序列（每条 %2 个词元，%3 × %4）</translation>
    </message>
    <message>
        <source>inference memory %1 of %2 (%3)</source>
        <translation>推理内存 %1 / %2（%3）</translation>
    </message>
    <message>
        <source>Largest design for %1: %2 parameters</source>
        <translation>%1 的最大设计：%2 参数</translation>
    </message>
    <message>
        <source>training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>Shape for %1 parameters: %2</source>
        <translation>%1 参数的形状：%2</translation>
    </message>
    <message>
        <source>Cheapest: %1 × %2 at %3 an hour, %4 per million output tokens</source>
        <translation>最便宜：%1 × %2，每小时 %3，每百万输出词元 %4</translation>
    </message>
    <message>
        <source>expected rental or purchase, got &quot;%1&quot;</source>
        <translation>应为 rental 或 purchase，实际为 “%1”</translation>
    </message>
</context>
<context>
    <name>tx::SolvePage</name>
    <message>
        <source>Reverse questions</source>
        <translation>反向提问</translation>
    </message>
    <message>
        <source>&amp;Questions</source>
        <translation>问题(&amp;Q)</translation>
    </message>
    <message>
        <source>Which &amp;knob matters</source>
        <translation>哪个旋钮重要(&amp;K)</translation>
    </message>
    <message>
        <source>Concurrent &amp;users</source>
        <translation>并发用户(&amp;U)</translation>
    </message>
    <message>
        <source>Longest context</source>
        <translation>最长上下文</translation>
    </message>
    <message>
        <source>Most concurrent sequences</source>
        <translation>最多并发序列</translation>
    </message>
    <message>
        <source>Largest model of a family</source>
        <translation>某一系列能放下的最大模型</translation>
    </message>
    <message>
        <source>Shape for a parameter count</source>
        <translation>给定参数量的形状</translation>
    </message>
    <message>
        <source>Cheapest device for a speed</source>
        <translation>达到目标速度的最便宜设备</translation>
    </message>
    <message>
        <source>Use this context</source>
        <translation>采用此上下文</translation>
    </message>
    <message>
        <source>Use this batch</source>
        <translation>采用此批量</translation>
    </message>
    <message>
        <source>Use this design</source>
        <translation>采用此设计</translation>
    </message>
    <message>
        <source>Use this device</source>
        <translation>采用此设备</translation>
    </message>
    <message>
        <source>Family</source>
        <translation>系列</translation>
    </message>
    <message>
        <source>d_model per layer</source>
        <translation>每层 d_model</translation>
    </message>
    <message>
        <source>the family&apos;s own</source>
        <translation>沿用该系列的比例</translation>
    </message>
    <message>
        <source>The aspect ratio d_model / layers the answer keeps; 0 keeps the family&apos;s.</source>
        <translation>答案保持的宽深比 d_model / 层数；0 表示沿用该系列自己的比例。</translation>
    </message>
    <message>
        <source>Fits for</source>
        <translation>用于</translation>
    </message>
    <message>
        <source>Target parameters</source>
        <translation>目标参数量</translation>
    </message>
    <message>
        <source> billion</source>
        <translation> 十亿</translation>
    </message>
    <message>
        <source>Speed per user</source>
        <translation>每用户速度</translation>
    </message>
    <message>
        <source> tokens/s</source>
        <translation> token/秒</translation>
    </message>
    <message>
        <source>Concurrent users</source>
        <translation>并发用户</translation>
    </message>
    <message>
        <source>Prices</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>Which knob moves</source>
        <translation>哪个旋钮最影响</translation>
    </message>
    <message>
        <source>This design</source>
        <translation>当前设计</translation>
    </message>
    <message>
        <source>inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>cloud rental (on-demand list prices)</source>
        <translation>云端租用（按需标价）</translation>
    </message>
    <message>
        <source>purchase over 3 years</source>
        <translation>购买价分摊 3 年</translation>
    </message>
    <message>
        <source>For this design on %1 × %2, batch %3 at %4 tokens, weights in %5, KV cache in %6 (the Design panel&apos;s settings). Memory in GB = 10^9 bytes.</source>
        <translation>针对当前设计：%1 × %2，批量 %3，每个 %4 token，权重为 %5，KV 缓存为 %6（来自“设计”面板的设置）。内存单位 GB = 10^9 字节。</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>The design has problems; fix them first.</source>
        <translation>设计有问题，请先修正。</translation>
    </message>
    <message>
        <source>No answer</source>
        <translation>无解</translation>
    </message>
    <message>
        <source>d_model %1, %2 layers, %3 heads (%4 key/value), d_ff %5</source>
        <translation>d_model %1，%2 层，%3 个头（%4 个键值头），d_ff %5</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个词元</translation>
    </message>
    <message>
        <source>%1 sequences of %2 tokens</source>
        <translation>%1 个 %2 token 的序列</translation>
    </message>
    <message>
        <source>%1. Inference memory %2 of %3.</source>
        <translation>%1。推理内存 %2 / %3。</translation>
    </message>
    <message>
        <source>%1 parameters: %2</source>
        <translation>%1 参数：%2</translation>
    </message>
    <message>
        <source>%1 (at %2 tokens).</source>
        <translation>%1（按 %2 个 token）。</translation>
    </message>
    <message>
        <source>%1 × %2 at %3 an hour, %4 per million output tokens</source>
        <translation>%1 × %2，每小时 %3，每百万输出 token %4</translation>
    </message>
    <message>
        <source>Use the longest context</source>
        <translation>采用最长上下文</translation>
    </message>
    <message>
        <source>Use the largest batch</source>
        <translation>采用最大批量</translation>
    </message>
    <message>
        <source>Custom design</source>
        <translation>自定义设计</translation>
    </message>
    <message>
        <source>%1 resized to %2 parameters</source>
        <translation>%1 缩放到 %2 参数</translation>
    </message>
    <message>
        <source>Use the largest design</source>
        <translation>采用最大设计</translation>
    </message>
    <message>
        <source>Use the shape for a parameter count</source>
        <translation>采用给定参数量的形状</translation>
    </message>
    <message>
        <source>Use the cheapest device</source>
        <translation>采用最便宜的设备</translation>
    </message>
</context>
<context>
    <name>tx::Solver</name>
    <message>
        <source>limited by memory at %1 layers (d_model %2): %3 of %4; %5 layers (%6 parameters) would need %7</source>
        <translation>在 %1 层（d_model %2）时受限于内存：%3 / %4；%5 层（%6 参数）需要 %7</translation>
    </message>
    <message>
        <source>%1 layers at d_model ≈ %2 · layers; %3 heads of %4 (%5 key/value heads, the family&apos;s grouping); d_ff %6 (%7 × d_model, on a multiple of 64); %8 parameters, %9 off the target</source>
        <translation>%1 层，d_model ≈ %2 · 层数；%3 个头，每头 %4 维（%5 个键值头，沿用该系列的分组）；d_ff %6（%7 × d_model，取 64 的倍数）；%8 参数，与目标相差 %9</translation>
    </message>
    <message>
        <source>expected a speed above 0 and up to 1,000,000 tokens/s</source>
        <translation>速度应大于 0 且不超过 1,000,000 词元/秒</translation>
    </message>
    <message>
        <source>expected 1 to 1,000,000 users</source>
        <translation>应为 1 到 1,000,000 个用户</translation>
    </message>
    <message>
        <source>%1 × %2: decode speed needs %1 (memory alone needs %3); %4 tokens/s per user with the cache full</source>
        <translation>%1 × %2：解码速度需要 %1 台（仅内存需要 %3 台）；缓存满时每用户 %4 词元/秒</translation>
    </message>
    <message>
        <source>%1 × %2: memory needs %1; %3 tokens/s per user with the cache full</source>
        <translation>%1 × %2：内存需要 %1 台；缓存满时每用户 %3 词元/秒</translation>
    </message>
    <message>
        <source>the KV cache</source>
        <translation>键值缓存</translation>
    </message>
    <message>
        <source>activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>the weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>decode speed</source>
        <translation>解码速度</translation>
    </message>
    <message>
        <source>the input limit</source>
        <translation>输入上限</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个词元</translation>
    </message>
    <message>
        <source>%1 sequences</source>
        <translation>%1 条序列</translation>
    </message>
    <message>
        <source>limited by the weights: %1 of weights alone do not fit %2</source>
        <translation>受限于权重：仅权重就有 %1，放不进 %2</translation>
    </message>
    <message>
        <source>limited by the input limit of %1</source>
        <translation>受限于输入上限 %1</translation>
    </message>
    <message>
        <source>limited by %1 at %2</source>
        <translation>在 %2 时受限于%1</translation>
    </message>
    <message>
        <source>the trained context</source>
        <translation>训练上下文</translation>
    </message>
    <message>
        <source>at %1 tokens, the design&apos;s trained context; %2 asked</source>
        <translation>按设计的训练上下文 %1 个 token；请求的是 %2</translation>
    </message>
    <message>
        <source>limited by the design&apos;s trained context of %1; memory alone would hold %2</source>
        <translation>受限于设计的训练上下文 %1；仅看内存可容纳 %2</translation>
    </message>
    <message>
        <source>no device with a cloud rental price reaches this speed with up to %1 devices</source>
        <translation>在最多 %1 台设备内，没有云端租用价的设备能达到此速度</translation>
    </message>
    <message>
        <source>no device with a purchase price reaches this speed with up to %1 devices</source>
        <translation>在最多 %1 台设备内，没有购买价的设备能达到此速度</translation>
    </message>
    <message>
        <source>every device at the given price of $%1 an hour</source>
        <translation>所有设备均按给定的每小时 $%1 计价</translation>
    </message>
    <message>
        <source>compared at cloud rental prices (on-demand list prices; purchase-priced devices left out)</source>
        <translation>按云端租用价比较（按需标价；不含按购买价计价的设备）</translation>
    </message>
    <message>
        <source>compared at purchase prices spread over 3 years (rental-priced devices left out)</source>
        <translation>按购买价分摊 3 年比较（不含按租用价计价的设备）</translation>
    </message>
</context>
<context>
    <name>tx::SummaryCards</name>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>Active per token</source>
        <translation>每词元激活参数</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Invalid design: %1</source>
        <translation>设计无效：%1</translation>
    </message>
    <message>
        <source>%1 exactly</source>
        <translation>精确值 %1</translation>
    </message>
    <message>
        <source>every parameter, every token</source>
        <translation>每个词元用到全部参数</translation>
    </message>
    <message>
        <source>Capability ceiling and cost: more parameters can learn more, and cost more memory, compute and data.</source>
        <translation>能力上限与成本：参数越多，能学到的越多，所需的内存、算力和数据也越多。</translation>
    </message>
    <message>
        <source>Weights memory</source>
        <translation>权重内存</translation>
    </message>
    <message>
        <source>Memory to run</source>
        <translation>运行所需内存</translation>
    </message>
    <message>
        <source>Fits on</source>
        <translation>可运行于</translation>
    </message>
    <message>
        <source>Compute per token</source>
        <translation>每词元算力</translation>
    </message>
    <message>
        <source>Memory to train</source>
        <translation>训练所需内存</translation>
    </message>
    <message>
        <source>Training compute</source>
        <translation>训练算力</translation>
    </message>
    <message>
        <source>Training time</source>
        <translation>训练时间</translation>
    </message>
    <message>
        <source>Training cost</source>
        <translation>训练成本</translation>
    </message>
    <message>
        <source>at %1; %2</source>
        <translation>按 %1；%2</translation>
    </message>
    <message>
        <source>1 user × %1 tokens; KV cache %2</source>
        <translation>1 个用户 × %1 词元；键值缓存 %2</translation>
    </message>
    <message>
        <source>%1 users × %2 tokens; KV cache %3</source>
        <translation>%1 个用户 × %2 词元；键值缓存 %3</translation>
    </message>
    <message>
        <source>1 device</source>
        <translation>1 台设备</translation>
    </message>
    <message>
        <source>needs %1×</source>
        <translation>需要 %1 台</translation>
    </message>
    <message>
        <source>fits on 1× %1 (%2)</source>
        <translation>1 台 %1 即可（%2）</translation>
    </message>
    <message>
        <source>needs %1× %2 (%3 each) to run</source>
        <translation>需要 %1 台 %2（每台 %3）才能运行</translation>
    </message>
    <message>
        <source>FLOP per generated token (forward pass)</source>
        <translation>每生成一个词元的 FLOP（前向）</translation>
    </message>
    <message>
        <source>fits on 1× %1</source>
        <translation>1 台 %1 即可</translation>
    </message>
    <message>
        <source>needs %1× %2 (perfect sharding)</source>
        <translation>需要 %1 台 %2（理想切分）</translation>
    </message>
    <message>
        <source>FLOP for %1 tokens, %2 per parameter</source>
        <translation>%1 个词元的 FLOP，每参数 %2 个词元</translation>
    </message>
    <message>
        <source>on %1× %2 at %3 % MFU</source>
        <translation>在 %1 台 %2 上，MFU %3%</translation>
    </message>
    <message>
        <source>%1 device-hours at $%2/h</source>
        <translation>%1 设备小时，按 $%2/小时</translation>
    </message>
    <message>
        <source>%1 tokens/s per user, %2 per million output tokens</source>
        <translation>每用户 %1 词元/秒，每百万输出词元 %2</translation>
    </message>
    <message>
        <source>needs %1× %2, at %3 % MFU</source>
        <translation>需要 %1 台 %2，MFU %3%</translation>
    </message>
</context>
<context>
    <name>tx::Sweep</name>
    <message>
        <source>name the setting to vary, e.g. --vary d_model</source>
        <translation>请指定要变化的设置，例如 --vary d_model</translation>
    </message>
    <message>
        <source>unknown setting &quot;%1&quot; (a design field such as d_model, or batch, seq, tokens, devices, tp, mfu, price)</source>
        <translation>未知的设置“%1”（可以是设计字段如 d_model，或 batch、seq、tokens、devices、tp、mfu、price）</translation>
    </message>
    <message>
        <source>expected a finite number</source>
        <translation>应为有限数值</translation>
    </message>
    <message>
        <source>expected 2 to %1 points</source>
        <translation>应为 2 到 %1 个点</translation>
    </message>
    <message>
        <source>expected 0 to 1,000,000</source>
        <translation>应为 0 到 1,000,000</translation>
    </message>
    <message>
        <source>a logarithmic sweep needs positive ends</source>
        <translation>对数扫描的两端必须为正数</translation>
    </message>
    <message>
        <source>unknown setting &quot;%1&quot;</source>
        <translation>未知设置“%1”</translation>
    </message>
</context>
<context>
    <name>tx::SweepCommand</name>
    <message>
        <source>required</source>
        <translation>必填</translation>
    </message>
    <message>
        <source>expected a number, got &quot;%1&quot;</source>
        <translation>应为数字，实际为“%1”</translation>
    </message>
    <message>
        <source>expected 2 to 10000 points</source>
        <translation>应为 2 到 10000 个点</translation>
    </message>
    <message>
        <source>expected a whole number from 0 to 1000000</source>
        <translation>应为 0 到 1000000 之间的整数</translation>
    </message>
    <message>
        <source>unknown option</source>
        <translation>未知选项</translation>
    </message>
    <message>
        <source>cannot write the file: %1</source>
        <translation>无法写入文件：%1</translation>
    </message>
</context>
<context>
    <name>tx::TableClipboard</name>
    <message>
        <source>Copy Table as Text</source>
        <translation>将表格复制为文本</translation>
    </message>
</context>
<context>
    <name>tx::TokenChips</name>
    <message>
        <source>position %1 · token id %2</source>
        <translation>位置 %1 · 词元 id %2</translation>
    </message>
</context>
<context>
    <name>tx::TokenizerJson</name>
    <message>
        <source>cannot open: %1</source>
        <translation>无法打开：%1</translation>
    </message>
    <message>
        <source>too large for a tokenizer (%1 bytes)</source>
        <translation>作为分词器文件过大（%1 字节）</translation>
    </message>
    <message>
        <source>not a JSON object (%1)</source>
        <translation>不是 JSON 对象（%1）</translation>
    </message>
    <message>
        <source>only BPE tokenizers are read, this one is &quot;%1&quot;</source>
        <translation>只能读取 BPE 分词器，此分词器为“%1”</translation>
    </message>
    <message>
        <source>missing or empty</source>
        <translation>缺失或为空</translation>
    </message>
    <message>
        <source>expected two symbols</source>
        <translation>应为两个符号</translation>
    </message>
    <message>
        <source>token id must be an integer from 0 to %1 (twice the file&apos;s entries, plus 1,024)</source>
        <translation>词元 id 必须是 0 到 %1 之间的整数（文件条目数的两倍再加 1,024）</translation>
    </message>
</context>
<context>
    <name>tx::TrainCommand</name>
    <message>
        <source>expected a number between %1 and %2, got &quot;%3&quot;</source>
        <translation>应为 %1 到 %2 之间的数字，实际为“%3”</translation>
    </message>
    <message>
        <source>expected text or json, got &quot;%1&quot;</source>
        <translation>应为 text 或 json，实际为“%1”</translation>
    </message>
    <message>
        <source>missing output folder</source>
        <translation>缺少输出文件夹</translation>
    </message>
    <message>
        <source>expected copy, reverse, sort, induction or chars, got &quot;%1&quot;</source>
        <translation>应为 copy、reverse、sort、induction 或 chars，实际为“%1”</translation>
    </message>
    <message>
        <source>missing task (copy, reverse, sort, induction or chars)</source>
        <translation>缺少任务（copy、reverse、sort、induction 或 chars）</translation>
    </message>
    <message>
        <source>expected key=value, got &quot;%1&quot;</source>
        <translation>应为 key=value，实际为“%1”</translation>
    </message>
    <message>
        <source>missing number of steps</source>
        <translation>缺少步数</translation>
    </message>
    <message>
        <source>unknown option</source>
        <translation>未知选项</translation>
    </message>
    <message>
        <source>the chars task needs --corpus NAME|FILE or --text &quot;...&quot;</source>
        <translation>chars 任务需要 --corpus NAME|FILE 或 --text &quot;...&quot;</translation>
    </message>
    <message>
        <source>only the chars task reads text</source>
        <translation>只有 chars 任务读取文本</translation>
    </message>
    <message>
        <source>training %1 parameters on %2 for %3 steps (batch %4)</source>
        <translation>正在用 %2 训练 %1 参数的模型，共 %3 步（批次 %4）</translation>
    </message>
    <message>
        <source>step %1/%2  loss %3  val %4  accuracy %5  best later-layer induction %6  %7 s</source>
        <translation>步 %1/%2  损失 %3  验证 %4  准确率 %5  后层最佳归纳 %6  %7 s</translation>
    </message>
    <message>
        <source>cannot create the folder</source>
        <translation>无法创建文件夹</translation>
    </message>
    <message>
        <source>checkpoint not written: %1</source>
        <translation>未写入检查点：%1</translation>
    </message>
    <message>
        <source>Final loss: %1 (validation %2, accuracy %3)</source>
        <translation>最终损失：%1（验证 %2，准确率 %3）</translation>
    </message>
    <message>
        <source>Time: %1 s</source>
        <translation>用时：%1 s</translation>
    </message>
    <message>
        <source>layer head  induction  previous-token  entropy (bits)</source>
        <translation>层 头  归纳  前一词元  熵（比特）</translation>
    </message>
    <message>
        <source>Saved config.json and model.safetensors to %1</source>
        <translation>已将 config.json 和 model.safetensors 保存到 %1</translation>
    </message>
    <message>
        <source>expected step numbers like 20,100, got &quot;%1&quot;</source>
        <translation>应为步数，如 20,100，实际为“%1”</translation>
    </message>
    <message>
        <source>layer %1 head %2: %3 head (score %4)</source>
        <translation>第 %1 层第 %2 个头：%3 头（得分 %4）</translation>
    </message>
    <message>
        <source>Saved config.json, model.safetensors and tokenizer.json to %1</source>
        <translation>已将 config.json、model.safetensors 和 tokenizer.json 保存到 %1</translation>
    </message>
    <message>
        <source>lm_head: no → yes, the masked-LM head (dense, %1, %2, tied to the token embedding, with a bias); pooler: no</source>
        <translation>lm_head：否 → 是，掩码语言模型头（全连接、%1、%2，与词元嵌入绑定，带偏置）；pooler：否</translation>
    </message>
    <message>
        <source>expected a text of at most %1 characters with %2 for each hidden one, for an encoder-only design</source>
        <translation>需要一段最多 %1 个字符、每个隐藏字符写作 %2 的文本，且设计须为仅编码器</translation>
    </message>
    <message>
        <source>masked characters (%1 of each window predicted)</source>
        <translation>遮盖字符（每个窗口预测 %1 个）</translation>
    </message>
    <message>
        <source>Final loss: %1 (validation %2, masked-character accuracy %3)</source>
        <translation>最终损失：%1（验证 %2，遮盖字符准确率 %3）</translation>
    </message>
    <message>
        <source>Filled in: %1 → %2</source>
        <translation>填空：%1 → %2</translation>
    </message>
    <message>
        <source>layer %1 experts over the last %2 steps: busiest %3 × the even share, balance loss %4 (1 is even)</source>
        <translation>第 %1 层专家，最近 %2 步：最忙的为均匀份额的 %3 倍，均衡损失 %4（1 为均匀）</translation>
    </message>
</context>
<context>
    <name>tx::TrainableModel</name>
    <message>
        <source>training this design needs %1 MB (weights, gradients and AdamW moments, 16 bytes per parameter), over the cap of %2 MB</source>
        <translation>训练此设计需要 %1 MB（权重、梯度和 AdamW 矩估计，每个参数 16 字节），超过上限 %2 MB</translation>
    </message>
</context>
<context>
    <name>tx::Trainer</name>
    <message>
        <source>must be between 1 and 10000000, got %1</source>
        <translation>必须在 1 到 10000000 之间，实际为 %1</translation>
    </message>
    <message>
        <source>must be between 1 and 4096, got %1</source>
        <translation>必须在 1 到 4096 之间，实际为 %1</translation>
    </message>
    <message>
        <source>must be above 0 and below 10, got %1</source>
        <translation>必须大于 0 且小于 10，实际为 %1</translation>
    </message>
    <message>
        <source>the task uses %1 tokens but the model&apos;s vocabulary has %2</source>
        <translation>任务使用 %1 个词元，但模型的词表只有 %2 个</translation>
    </message>
    <message>
        <source>the task&apos;s sequences have %1 tokens but the model&apos;s context is %2</source>
        <translation>任务的序列有 %1 个词元，但模型的上下文长度为 %2</translation>
    </message>
    <message>
        <source>a step would hold %1 MB of activations; use a smaller batch or sequence</source>
        <translation>一步将占用 %1 MB 激活值；请减小批大小或序列长度</translation>
    </message>
    <message>
        <source>an encoder-decoder trains on a source → target task (copy, reverse, sort or span corruption), not on next-token prediction</source>
        <translation>编码器-解码器训练的是源 → 目标任务（复制、反转、排序或片段破坏），而不是下一个词元预测</translation>
    </message>
    <message>
        <source>a source → target task needs an encoder-decoder design</source>
        <translation>源 → 目标任务需要编码器-解码器设计</translation>
    </message>
    <message>
        <source>the task&apos;s sources have %1 tokens but the model&apos;s context is %2</source>
        <translation>任务的源序列有 %1 个词元，但模型的上下文只有 %2</translation>
    </message>
    <message>
        <source>an encoder alone (BERT, ALBERT) trains on masked characters of a text, not on predicting what comes next</source>
        <translation>仅编码器（BERT、ALBERT）在文本的遮盖字符上训练，而不是预测下一个词元</translation>
    </message>
    <message>
        <source>masked characters are for an encoder alone (BERT, ALBERT)</source>
        <translation>遮盖字符任务只用于仅编码器模型（BERT、ALBERT）</translation>
    </message>
</context>
<context>
    <name>tx::TrainingCharts</name>
    <message>
        <source>training loss</source>
        <translation>训练损失</translation>
    </message>
    <message>
        <source>validation loss</source>
        <translation>验证损失</translation>
    </message>
    <message>
        <source>accuracy (right axis)</source>
        <translation>准确率（右轴）</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>loss (nats)</source>
        <translation>损失（奈特）</translation>
    </message>
    <message>
        <source>accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>Induction score</source>
        <translation>归纳得分</translation>
    </message>
    <message>
        <source>Previous-token score</source>
        <translation>前一词元得分</translation>
    </message>
    <message>
        <source>Entropy (bits)</source>
        <translation>熵（比特）</translation>
    </message>
    <message>
        <source>Per-head scores (layer 1 dashed, later layers solid)</source>
        <translation>各头得分（第 1 层为虚线，后续层为实线）</translation>
    </message>
    <message>
        <source>Head score:</source>
        <translation>头得分：</translation>
    </message>
    <message>
        <source>L%1 H%2</source>
        <translation>L%1 H%2</translation>
    </message>
    <message>
        <source>Alignment (cross-attention)</source>
        <translation>对齐度（交叉注意力）</translation>
    </message>
    <message>
        <source>Cross-attention heads: attention from each target position to the source position it comes from</source>
        <translation>交叉注意力头：每个目标位置分给其来源位置的注意力</translation>
    </message>
    <message>
        <source>Per-head scores (encoder dotted, decoder self-attention solid, cross-attention dashed)</source>
        <translation>各头得分（编码器为点线，解码器自注意力为实线，交叉注意力为虚线）</translation>
    </message>
    <message>
        <source>enc L%1 H%2</source>
        <translation>编 L%1 H%2</translation>
    </message>
    <message>
        <source>cross L%1 H%2</source>
        <translation>交叉 L%1 H%2</translation>
    </message>
    <message>
        <source>dec L%1 H%2</source>
        <translation>解 L%1 H%2</translation>
    </message>
    <message>
        <source>Head scores</source>
        <translation>各头得分</translation>
    </message>
    <message>
        <source>Expert load</source>
        <translation>专家负载</translation>
    </message>
    <message>
        <source>An encoder&apos;s heads read both ways: there is no induction score without a causal mask</source>
        <translation>编码器的注意力头双向读取：没有因果掩码就没有归纳分数</translation>
    </message>
</context>
<context>
    <name>tx::TrainingPipeline</name>
    <message>
        <source>expected 0 to 10^16 tokens</source>
        <translation>应为 0 到 10^16 个词元</translation>
    </message>
    <message>
        <source>Pretraining</source>
        <translation>预训练</translation>
    </message>
    <message>
        <source>Kaplan et al. 2020 §2.1</source>
        <translation>Kaplan 等 2020 §2.1</translation>
    </message>
    <message>
        <source>Supervised fine-tuning</source>
        <translation>监督微调</translation>
    </message>
    <message>
        <source>Ouyang et al. 2022 §3.5 (SFT)</source>
        <translation>Ouyang 等 2022 §3.5（SFT）</translation>
    </message>
    <message>
        <source>Preference tuning: RLHF with PPO</source>
        <translation>偏好调优：基于 PPO 的 RLHF</translation>
    </message>
    <message>
        <source>Ouyang et al. 2022 §3.5: the policy and a value model trained, the SFT reference and the reward model frozen: four models in memory</source>
        <translation>Ouyang 等 2022 §3.5：训练策略模型和价值模型，冻结 SFT 参考模型和奖励模型：内存中共四个模型</translation>
    </message>
    <message>
        <source>Preference tuning: DPO</source>
        <translation>偏好调优：DPO</translation>
    </message>
    <message>
        <source>Rafailov et al. 2023: the policy trained against a frozen reference: two models</source>
        <translation>Rafailov 等 2023：相对冻结的参考模型训练策略模型：两个模型</translation>
    </message>
    <message>
        <source>Stages on %1 × %2</source>
        <translation>在 %1 × %2 上的各阶段</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>FLOPs</source>
        <translation>FLOPs</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Money</source>
        <translation>费用</translation>
    </message>
    <message>
        <source>Memory peak</source>
        <translation>内存峰值</translation>
    </message>
    <message>
        <source>The training pipeline</source>
        <translation>训练流水线</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>the memory peak over the stages, one replica</source>
        <translation>各阶段内存峰值的最大值（单副本）</translation>
    </message>
    <message>
        <source>F = %1 FLOP per token forward at %2 tokens of context; time at %3 % MFU.</source>
        <translation>F = 每词元前向 %1 FLOP（上下文 %2 个词元）；时间按 %3 % MFU 计。</translation>
    </message>
    <message>
        <source>Reward and value models are taken the size of the policy (InstructGPT used a 6B reward model for every policy size).</source>
        <translation>奖励模型和价值模型按与策略模型同样大小计（InstructGPT 对所有策略规模都用了 6B 的奖励模型）。</translation>
    </message>
</context>
<context>
    <name>tx::TrainingPreset</name>
    <message>
        <source>%1 8 random digits with a 2-layer model</source>
        <translation>用 2 层模型%1 8 个随机数字</translation>
    </message>
    <message>
        <source>Character-level language model, 4 layers, context 64</source>
        <translation>字符级语言模型，4 层，上下文 64</translation>
    </message>
    <message>
        <source>Watch an induction head form: 2-layer attention-only model on repeated random sequences</source>
        <translation>观察归纳头的形成：在重复随机序列上训练的 2 层纯注意力模型</translation>
    </message>
    <message>
        <source>T5 span corruption: a 2 + 2-layer encoder-decoder fills in hidden spans of a text</source>
        <translation>T5 片段破坏：2 + 2 层编码器-解码器填补文本中被隐藏的片段</translation>
    </message>
    <message>
        <source>%1 8 random digits with a 2 + 2-layer T5 encoder-decoder</source>
        <translation>用 2 + 2 层 T5 编码器-解码器%1 8 个随机数字</translation>
    </message>
    <message>
        <source>ALBERT masked characters: a 4-layer encoder sharing one layer fills in hidden characters of a text</source>
        <translation>ALBERT 遮盖字符：共享同一层的 4 层编码器填出文本中被隐藏的字符</translation>
    </message>
    <message>
        <source>BERT masked characters: a 4-layer encoder fills in hidden characters of a text</source>
        <translation>BERT 遮盖字符：4 层编码器填出文本中被隐藏的字符</translation>
    </message>
    <message>
        <source>Mixture of experts (Qwen3-MoE style, 8 experts, top 2): a character model, 2 layers, context 64</source>
        <translation>混合专家（Qwen3-MoE 风格，8 个专家，top 2）：字符级模型，2 层，上下文 64</translation>
    </message>
</context>
<context>
    <name>tx::TrainingReplayPane</name>
    <message>
        <source>Replay:</source>
        <translation>回放：</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>Layer %1 · Head %2 at step %3</source>
        <translation>第 %1 层 · 第 %2 个头，第 %3 步</translation>
    </message>
    <message>
        <source>Encoder layer %1 · Head %2 at step %3</source>
        <translation>编码器第 %1 层 · 第 %2 个头，第 %3 步</translation>
    </message>
    <message>
        <source>Decoder layer %1 · Head %2 at step %3</source>
        <translation>解码器第 %1 层 · 第 %2 个头，第 %3 步</translation>
    </message>
    <message>
        <source>Cross-attention, decoder layer %1 · Head %2 at step %3</source>
        <translation>交叉注意力，解码器第 %1 层 · 第 %2 个头，第 %3 步</translation>
    </message>
    <message>
        <source>source position</source>
        <translation>源位置</translation>
    </message>
    <message>
        <source>target position</source>
        <translation>目标位置</translation>
    </message>
    <message>
        <source>enc L%1</source>
        <translation>编 L%1</translation>
    </message>
    <message>
        <source>dec L%1</source>
        <translation>解 L%1</translation>
    </message>
    <message>
        <source>cross L%1</source>
        <translation>交叉 L%1</translation>
    </message>
</context>
<context>
    <name>tx::TrainingSamplingBox</name>
    <message>
        <source>Sample</source>
        <translation>采样</translation>
    </message>
    <message>
        <source>Save model…</source>
        <translation>保存模型…</translation>
    </message>
    <message>
        <source>Open in attention view</source>
        <translation>在注意力视图中打开</translation>
    </message>
    <message>
        <source>床前</source>
        <translation>床前</translation>
    </message>
    <message>
        <source>Show the trained model&apos;s heads in the Attention tab</source>
        <translation>在“注意力”页中查看训练好的模型的注意力头</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>top-k</source>
        <translation>top-k</translation>
    </message>
    <message>
        <source>Decode: the encoder reads your digits, the decoder writes them reversed</source>
        <translation>解码：编码器读入你的数字，解码器把它们反过来写出</translation>
    </message>
    <message>
        <source>8 digits</source>
        <translation>8 个数字</translation>
    </message>
    <message>
        <source>Decode: the encoder reads your text, _ marks each hidden span; the decoder writes the spans behind T5&apos;s sentinels</source>
        <translation>解码：编码器读入你的文本，_ 标出每个隐藏片段；解码器在 T5 的哨兵词元后写出这些片段</translation>
    </message>
    <message>
        <source>a text with _ for each hidden span</source>
        <translation>一段文本，用 _ 标出每个隐藏片段</translation>
    </message>
    <message>
        <source>Sample from the trained character model</source>
        <translation>从训练好的字符模型采样</translation>
    </message>
    <message>
        <source>prompt</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>0 always takes the most likely character</source>
        <translation>0 表示总是选择概率最高的字符</translation>
    </message>
    <message>
        <source>0 always takes the most likely token</source>
        <translation>0 表示总是选择概率最高的词元</translation>
    </message>
    <message>
        <source>Fill in: the encoder reads your text and predicts each %1</source>
        <translation>填空：编码器读入你的文本，预测每个 %1</translation>
    </message>
    <message>
        <source>a text with %1 for each hidden character</source>
        <translation>一段文本，每个隐藏字符写作 %1</translation>
    </message>
</context>
<context>
    <name>tx::TrainingTask</name>
    <message>
        <source>must be between 1 and %1, got %2</source>
        <translation>必须在 1 到 %1 之间，实际为 %2</translation>
    </message>
    <message>
        <source>must be between 4 and %1, got %2</source>
        <translation>必须在 4 到 %1 之间，实际为 %2</translation>
    </message>
    <message>
        <source>must be between 2 and 1000000, got %1</source>
        <translation>必须在 2 到 1000000 之间，实际为 %1</translation>
    </message>
    <message>
        <source>segments of %1 to %2 tokens, repeated, must fit in %3 tokens (and be at least 2)</source>
        <translation>长度为 %1 到 %2 个词元的片段重复后必须能放入 %3 个词元（且至少为 2）</translation>
    </message>
    <message>
        <source>has %1 distinct characters, more than %2</source>
        <translation>含有 %1 个不同字符，超过 %2</translation>
    </message>
    <message>
        <source>has %1 characters; windows of %2 need at least %3</source>
        <translation>只有 %1 个字符；长度为 %2 的窗口至少需要 %3 个</translation>
    </message>
    <message>
        <source>unknown task</source>
        <translation>未知任务</translation>
    </message>
    <message>
        <source>must be at least 1, got %1</source>
        <translation>必须至少为 1，实际为 %1</translation>
    </message>
    <message>
        <source>induction is a decoder-only task; an encoder-decoder trains on copy, reverse, sort or span corruption of a text</source>
        <translation>归纳是仅解码器模型的任务；编码器-解码器训练复制、反转、排序数字或文本的片段破坏（span corruption）</translation>
    </message>
    <message>
        <source>span corruption needs windows of at least 8 characters, a noise density between 0 and 1 and spans of at least 1, got %1, %2 and %3</source>
        <translation>片段破坏需要至少 8 个字符的窗口、介于 0 和 1 之间的噪声密度和至少为 1 的平均片段长度，实际为 %1、%2 和 %3</translation>
    </message>
    <message>
        <source>an encoder alone trains on masked characters of a text (the chars task); copy, reverse, sort and induction predict what comes next</source>
        <translation>仅编码器在文本的遮盖字符上训练（chars 任务）；copy、reverse、sort 和 induction 预测的是接下来的内容</translation>
    </message>
    <message>
        <source>must be between 0 and 1, got %1</source>
        <translation>必须在 0 到 1 之间，实际为 %1</translation>
    </message>
</context>
<context>
    <name>tx::TrainingView</name>
    <message>
        <source>Watch an induction head form</source>
        <translation>观察归纳头的形成</translation>
    </message>
    <message>
        <source>&amp;Train</source>
        <translation>训练(&amp;T)</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Save model</source>
        <translation>保存模型</translation>
    </message>
    <message>
        <source>Copy 8 digits</source>
        <translation>复制 8 个数字</translation>
    </message>
    <message>
        <source>Reverse 8 digits</source>
        <translation>反转 8 个数字</translation>
    </message>
    <message>
        <source>Sort 8 digits</source>
        <translation>排序 8 个数字</translation>
    </message>
    <message>
        <source>Induction (repeated random tokens)</source>
        <translation>归纳（重复的随机词元）</translation>
    </message>
    <message>
        <source>Characters: Tang poems (中文)</source>
        <translation>字符：唐诗（中文）</translation>
    </message>
    <message>
        <source>Characters: Alice in Wonderland</source>
        <translation>字符：爱丽丝梦游仙境</translation>
    </message>
    <message>
        <source>Characters: my own text</source>
        <translation>字符：我自己的文本</translation>
    </message>
    <message>
        <source> steps</source>
        <translation> 步</translation>
    </message>
    <message>
        <source>Paste a text to learn character by character (a few kB or more)</source>
        <translation>粘贴一段文本，逐字符学习（几 kB 或更多）</translation>
    </message>
    <message>
        <source>2 layers, attention only, random token segments repeated at a random offset</source>
        <translation>2 层，仅注意力，随机词元片段在随机偏移处重复</translation>
    </message>
    <message>
        <source>Task:</source>
        <translation>任务：</translation>
    </message>
    <message>
        <source>Pick a task and press Train.</source>
        <translation>选择一个任务，然后点击“训练”。</translation>
    </message>
    <message>
        <source>Attention on a probe sequence (a segment, then the same segment again):</source>
        <translation>探测序列上的注意力（一个片段，随后重复同一片段）：</translation>
    </message>
    <message>
        <source>Save trained model into folder</source>
        <translation>将训练好的模型保存到文件夹</translation>
    </message>
    <message>
        <source>pasted text</source>
        <translation>粘贴的文本</translation>
    </message>
    <message>
        <source>Building the model…</source>
        <translation>正在构建模型…</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Training %1 parameters…</source>
        <translation>正在训练 %1 个参数…</translation>
    </message>
    <message>
        <source>step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source>loss %1 · %2 tokens/s · %3 left · %4 s so far</source>
        <translation>损失 %1 · %2 词元/秒 · 剩余 %3 · 已用 %4 秒</translation>
    </message>
    <message>
        <source>An induction head formed at step %1 (%2 s): layer %3 head %4 now sends %5 of its attention to the token after the earlier copy of the current token.</source>
        <translation>归纳头在第 %1 步（%2 秒）形成：第 %3 层第 %4 个头现在将 %5 的注意力投向当前词元上一次出现位置之后的那个词元。</translation>
    </message>
    <message>
        <source>It builds on layer 1 head %1, a previous-token head (previous-token score %2).</source>
        <translation>它建立在第 1 层第 %1 个头之上，这是一个前一词元头（前一词元得分 %2）。</translation>
    </message>
    <message>
        <source>Saved config.json, model.safetensors and, for a character model, tokenizer.json to %1.</source>
        <translation>已将 config.json、model.safetensors（字符模型还有 tokenizer.json）保存到 %1。</translation>
    </message>
    <message>
        <source>T5 encoder-decoder: reverse 8 digits</source>
        <translation>T5 编码器-解码器：反转 8 个数字</translation>
    </message>
    <message>
        <source>T5 encoder-decoder: span corruption on Alice in Wonderland</source>
        <translation>T5 编码器-解码器：爱丽丝梦游仙境的片段破坏</translation>
    </message>
    <message>
        <source>Attention on a probe pair: encoder self-attention (rows enc L), decoder self-attention (dec L) and cross-attention (cross L: rows are the digits written, columns the digits read; reversing draws the anti-diagonal):</source>
        <translation>探测样本对上的注意力：编码器自注意力（编 L 行）、解码器自注意力（解 L 行）和交叉注意力（交叉 L 行：行是写出的数字，列是读入的数字；反转会画出反对角线）：</translation>
    </message>
    <message>
        <source>Attention on a probe pair: encoder self-attention (rows enc L), decoder self-attention (dec L) and cross-attention (cross L: rows are the target written, columns the corrupted source read):</source>
        <translation>探测样本对上的注意力：编码器自注意力（编 L 行）、解码器自注意力（解 L 行）和交叉注意力（交叉 L 行：行是写出的目标，列是读入的被破坏的源文本）：</translation>
    </message>
    <message>
        <source>Training %1 parameters (encoder %2 layers, decoder %3 layers)…</source>
        <translation>正在训练 %1 个参数（编码器 %2 层，解码器 %3 层）…</translation>
    </message>
    <message>
        <source>Mixture of experts (Qwen3-MoE style, 8 experts, top 2): Alice in Wonderland</source>
        <translation>混合专家（Qwen3-MoE 风格，8 个专家，top 2）：爱丽丝梦游仙境</translation>
    </message>
</context>
<context>
    <name>tx::TrainingWorker</name>
    <message>
        <source>Train a model first.</source>
        <translation>请先训练一个模型。</translation>
    </message>
    <message>
        <source>Sampling needs a character-level language model (the chars task).</source>
        <translation>采样需要字符级语言模型（chars 任务）。</translation>
    </message>
    <message>
        <source>Type a source of 1 to %1 tokens: digits for the digit tasks, a text with _ for each hidden span for span corruption.</source>
        <translation>请输入 1 到 %1 个词元的源序列：数字任务输入数字，片段破坏输入一段文本并用 _ 标出每个隐藏片段。</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>Type a text of at most %1 characters with %2 for each hidden character, e.g. &quot;the %2at sat&quot;.</source>
        <translation>请输入最多 %1 个字符的文本，每个隐藏字符写作 %2，例如“the %2at sat”。</translation>
    </message>
</context>
<context>
    <name>tx::Transformer</name>
    <message>
        <source>the weights would take %1 bytes, more than the cap of %2 bytes; use a scaled-down model or raise the cap</source>
        <translation>权重将占用 %1 字节，超过上限 %2 字节；请使用缩小的模型或提高上限</translation>
    </message>
    <message>
        <source>a worker thread did not finish</source>
        <translation>有一个工作线程未能结束</translation>
    </message>
    <message>
        <source>no sequence to run</source>
        <translation>没有可运行的序列</translation>
    </message>
    <message>
        <source>the sequence is empty</source>
        <translation>序列为空</translation>
    </message>
    <message>
        <source>%1 tokens is longer than the model&apos;s context of %2</source>
        <translation>%1 个词元超过了模型的上下文长度 %2</translation>
    </message>
    <message>
        <source>token %1 at position %2 is outside the vocabulary [0, %3)</source>
        <translation>位置 %2 处的词元 %1 超出词表范围 [0, %3)</translation>
    </message>
    <message>
        <source>capturing attention for this many tokens would take %1 bytes; run fewer tokens</source>
        <translation>为这么多词元捕获注意力将占用 %1 字节；请减少词元数</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>the encoder-decoder has read no input yet: run its encoder first</source>
        <translation>编码器-解码器尚未读入输入：请先运行其编码器</translation>
    </message>
    <message>
        <source>only an encoder-decoder reads two sequences</source>
        <translation>只有编码器-解码器读取两个序列</translation>
    </message>
    <message>
        <source>only an encoder-decoder has an encoder to run</source>
        <translation>只有编码器-解码器有可运行的编码器</translation>
    </message>
</context>
<context>
    <name>tx::VocabularyWhatIf</name>
    <message>
        <source>give at least one vocabulary size</source>
        <translation>至少给出一个词表大小</translation>
    </message>
    <message>
        <source>expected vocabulary sizes from 256 (the bytes) to 65,536</source>
        <translation>词表大小应为 256（字节数）到 65,536</translation>
    </message>
    <message>
        <source>the text is empty</source>
        <translation>文本为空</translation>
    </message>
    <message>
        <source>Byte-level BPE trained on %1 (%2 characters, %3 UTF-8 bytes)</source>
        <translation>在 %1 上训练的字节级 BPE（%2 个字符，%3 个 UTF-8 字节）</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表</translation>
    </message>
    <message>
        <source>Tokens for the text</source>
        <translation>文本的词元数</translation>
    </message>
    <message>
        <source>Tokens per character</source>
        <translation>每字符词元数</translation>
    </message>
    <message>
        <source>Embedding + head</source>
        <translation>嵌入 + 输出头</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>Weights memory</source>
        <translation>权重内存</translation>
    </message>
    <message>
        <source>FLOPs for the text</source>
        <translation>处理该文本的 FLOPs</translation>
    </message>
    <message>
        <source>Vocabulary size</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>%1 (trained %2)</source>
        <translation>%1（训练得到 %2）</translation>
    </message>
    <message>
        <source>training memory of one replica under the chosen optimizer</source>
        <translation>所选优化器下单个副本的训练内存</translation>
    </message>
    <message>
        <source>UTF-8 bytes per character</source>
        <translation>每字符 UTF-8 字节数</translation>
    </message>
    <message>
        <source>the byte vocabulary (256) cuts the text into one token per byte</source>
        <translation>字节词表（256）把文本切成每字节一个词元</translation>
    </message>
    <message>
        <source>Sequence saved by the largest vocabulary</source>
        <translation>最大词表节省的序列长度</translation>
    </message>
    <message>
        <source>Sennrich et al. 2016 (BPE); Radford et al. 2019 (byte-level BPE); the seed: &quot;BPE saves 30–50 %&quot;</source>
        <translation>Sennrich 等 2016（BPE）；Radford 等 2019（字节级 BPE）；种子文档：“BPE 可节省 30–50 %”</translation>
    </message>
    <message>
        <source>Merges are learnt on this text and measured on it, so the savings are an upper bound for unseen text; a small corpus stops learning merges early (the trained size can fall short of the asked one).</source>
        <translation>合并规则在这段文本上学习、也在它上面测量，因此节省量是未见文本的上限；语料很小时合并会提前停止（训练得到的词表可能小于要求的大小）。</translation>
    </message>
    <message>
        <source>The design takes the %1-token vocabulary.</source>
        <translation>设计采用 %1 个词元的词表。</translation>
    </message>
    <message>
        <source>Trained and measured on the first %1 of the text&apos;s %2 characters.</source>
        <translation>在文本 %2 个字符中的前 %1 个上训练和测量。</translation>
    </message>
</context>
<context>
    <name>tx::WhatIfCommand</name>
    <message>
        <source>expected a number from %1 to %2, got &quot;%3&quot;</source>
        <translation>应为 %1 到 %2 之间的数字，实际为“%3”</translation>
    </message>
    <message>
        <source>expected a whole number</source>
        <translation>应为整数</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>Weights memory</source>
        <translation>权重内存</translation>
    </message>
    <message>
        <source>Training memory</source>
        <translation>训练内存</translation>
    </message>
    <message>
        <source>FLOPs per token</source>
        <translation>每词元 FLOPs</translation>
    </message>
    <message>
        <source>Predicted loss</source>
        <translation>预测损失</translation>
    </message>
    <message>
        <source>training memory: %1</source>
        <translation>训练内存：%1</translation>
    </message>
    <message>
        <source>Memory by part:</source>
        <translation>各部分内存：</translation>
    </message>
    <message>
        <source>Working:</source>
        <translation>计算过程：</translation>
    </message>
    <message>
        <source>source: %1</source>
        <translation>来源：%1</translation>
    </message>
    <message>
        <source>expected a what-if: %1</source>
        <translation>应为一种假设分析：%1</translation>
    </message>
    <message>
        <source>expected text or json, got &quot;%1&quot;</source>
        <translation>应为 text 或 json，实际为“%1”</translation>
    </message>
    <message>
        <source>expected full, lora or qlora, got &quot;%1&quot;</source>
        <translation>应为 full、lora 或 qlora，得到“%1”</translation>
    </message>
    <message>
        <source>expected a comma-separated list of q, k, v, o, gate, up, down, experts, embeddings, head (or attention, ffn, all-linear), got &quot;%1&quot;</source>
        <translation>应为以逗号分隔的 q、k、v、o、gate、up、down、experts、embeddings、head（或 attention、ffn、all-linear）列表，得到“%1”</translation>
    </message>
    <message>
        <source>unknown option</source>
        <translation>未知选项</translation>
    </message>
    <message>
        <source>expected low-rank or tucker, got &quot;%1&quot;</source>
        <translation>应为 low-rank 或 tucker，得到“%1”</translation>
    </message>
    <message>
        <source>expected attention, ffn, embeddings or head, got &quot;%1&quot;</source>
        <translation>应为 attention、ffn、embeddings 或 head，得到“%1”</translation>
    </message>
    <message>
        <source>expected ppo or dpo, got &quot;%1&quot;</source>
        <translation>应为 ppo 或 dpo，得到“%1”</translation>
    </message>
    <message>
        <source>expected comma-separated whole numbers, got &quot;%1&quot;</source>
        <translation>应为以逗号分隔的整数，得到“%1”</translation>
    </message>
</context>
<context>
    <name>tx::WhatIfFormat</name>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
</context>
<context>
    <name>tx::WhatIfPage</name>
    <message>
        <source>What if…</source>
        <translation>假设……</translation>
    </message>
    <message>
        <source>Fine-tune it (full, LoRA, QLoRA)</source>
        <translation>微调它（全量、LoRA、QLoRA）</translation>
    </message>
    <message>
        <source>Factorise its matrices (low rank, Tucker)</source>
        <translation>分解它的矩阵（低秩、Tucker）</translation>
    </message>
    <message>
        <source>Prune heads or layers</source>
        <translation>剪掉注意力头或层</translation>
    </message>
    <message>
        <source>Distil it into a student</source>
        <translation>把它蒸馏成学生模型</translation>
    </message>
    <message>
        <source>Run the whole training pipeline</source>
        <translation>走完整个训练流水线</translation>
    </message>
    <message>
        <source>Size it for a task</source>
        <translation>按任务确定规模</translation>
    </message>
    <message>
        <source>Change its vocabulary (BPE on real text)</source>
        <translation>改变它的词表（在真实文本上训练 BPE）</translation>
    </message>
    <message>
        <source>Apply to design</source>
        <translation>应用到设计</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>之前</translation>
    </message>
    <message>
        <source>After</source>
        <translation>之后</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>Weights memory</source>
        <translation>权重内存</translation>
    </message>
    <message>
        <source>Training memory</source>
        <translation>训练内存</translation>
    </message>
    <message>
        <source>FLOPs per token</source>
        <translation>每词元 FLOPs</translation>
    </message>
    <message>
        <source>Predicted loss</source>
        <translation>预测损失</translation>
    </message>
    <message>
        <source>What if: %1</source>
        <translation>假设分析：%1</translation>
    </message>
    <message>
        <source>Full fine-tuning</source>
        <translation>全量微调</translation>
    </message>
    <message>
        <source>LoRA (16-bit base)</source>
        <translation>LoRA（16 位基座）</translation>
    </message>
    <message>
        <source>QLoRA (NF4 base, double-quantised)</source>
        <translation>QLoRA（NF4 基座，双重量化）</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>方法</translation>
    </message>
    <message>
        <source>Rank r</source>
        <translation>秩 r</translation>
    </message>
    <message>
        <source>Alpha α</source>
        <translation>Alpha α</translation>
    </message>
    <message>
        <source>Dropout</source>
        <translation>Dropout</translation>
    </message>
    <message>
        <source>experts</source>
        <translation>专家</translation>
    </message>
    <message>
        <source>embeddings</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <source>head</source>
        <translation>输出头</translation>
    </message>
    <message>
        <source>Adapt</source>
        <translation>适配</translation>
    </message>
    <message>
        <source>Gradient checkpointing</source>
        <translation>梯度检查点</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>Paged optimizer (QLoRA)</source>
        <translation>分页优化器（QLoRA）</translation>
    </message>
    <message>
        <source>The QLoRA paper&apos;s setting</source>
        <translation>QLoRA 论文的设置</translation>
    </message>
    <message>
        <source>r = 64 on every linear layer, α = 16, dropout 0.05, checkpointing, 512 tokens, micro-batch 1</source>
        <translation>所有线性层 r = 64，α = 16，dropout 0.05，梯度检查点，512 个词元，微批次 1</translation>
    </message>
    <message>
        <source>Low rank: r·(m + n)</source>
        <translation>低秩：r·(m + n)</translation>
    </message>
    <message>
        <source>Tucker-2: r·(m + n + r)</source>
        <translation>Tucker-2：r·(m + n + r)</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>FFN</source>
        <translation>FFN</translation>
    </message>
    <message>
        <source>Embeddings</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <source>LM head</source>
        <translation>语言模型输出头</translation>
    </message>
    <message>
        <source>by share kept</source>
        <translation>按保留比例</translation>
    </message>
    <message>
        <source>Share of each matrix kept</source>
        <translation>每个矩阵保留的比例</translation>
    </message>
    <message>
        <source>Heads removed per layer</source>
        <translation>每层移除的头数</translation>
    </message>
    <message>
        <source>Layers removed</source>
        <translation>移除的层数</translation>
    </message>
    <message>
        <source>Student / teacher parameters</source>
        <translation>学生 / 教师参数比</translation>
    </message>
    <message>
        <source>(by the share above)</source>
        <translation>（按上面的比例）</translation>
    </message>
    <message>
        <source>Or fit the student on</source>
        <translation>或让学生模型装进</translation>
    </message>
    <message>
        <source>20 per parameter</source>
        <translation>每参数 20 个</translation>
    </message>
    <message>
        <source> B tokens</source>
        <translation> 十亿词元</translation>
    </message>
    <message>
        <source>Distillation tokens</source>
        <translation>蒸馏词元</translation>
    </message>
    <message>
        <source>Pretraining</source>
        <translation>预训练</translation>
    </message>
    <message>
        <source>as in the assumptions</source>
        <translation>与假设中相同</translation>
    </message>
    <message>
        <source>Supervised fine-tuning</source>
        <translation>监督微调</translation>
    </message>
    <message>
        <source>Preference tuning</source>
        <translation>偏好调优</translation>
    </message>
    <message>
        <source>RLHF with PPO (four models)</source>
        <translation>基于 PPO 的 RLHF（四个模型）</translation>
    </message>
    <message>
        <source>DPO (two models)</source>
        <translation>DPO（两个模型）</translation>
    </message>
    <message>
        <source>Preference tuning by</source>
        <translation>偏好调优方式</translation>
    </message>
    <message>
        <source>(stay on the design)</source>
        <translation>（保持当前设计）</translation>
    </message>
    <message>
        <source>Jump to an example</source>
        <translation>跳到一个示例</translation>
    </message>
    <message>
        <source>Tang poems (Chinese)</source>
        <translation>唐诗（中文）</translation>
    </message>
    <message>
        <source>Alice in Wonderland (English)</source>
        <translation>爱丽丝梦游仙境（英文）</translation>
    </message>
    <message>
        <source>Corpus</source>
        <translation>语料</translation>
    </message>
    <message>
        <source>Vocabulary sizes to train, from 256 (the bytes); the design takes the largest</source>
        <translation>要训练的词表大小，从 256（字节数）起；设计采用其中最大的</translation>
    </message>
    <message>
        <source>Vocabulary sizes</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>The design is not valid; fix it in the Design panel first.</source>
        <translation>设计无效；请先在“设计”面板中修正。</translation>
    </message>
    <message>
        <source>Training memory here: %1. %2</source>
        <translation>这里的训练内存：%1。%2</translation>
    </message>
    <message>
        <source>Make the design after the what-if the current design (one step, Ctrl+Z undoes it)</source>
        <translation>把假设分析之后的设计设为当前设计（一步完成，Ctrl+Z 可撤销）</translation>
    </message>
    <message>
        <source>This what-if does not change the design</source>
        <translation>此假设分析不改变设计</translation>
    </message>
</context>
<context>
    <name>tx::ops::BlasKernels</name>
    <message>
        <source>OpenBLAS chose %1 kernels for a CPU that has %2; this OpenBLAS cannot change them (set OPENBLAS_CORETYPE=%2 before starting)</source>
        <translation>OpenBLAS 为支持 %2 的 CPU 选择了 %1 内核；此版本的 OpenBLAS 无法更改（请在启动前设置 OPENBLAS_CORETYPE=%2）</translation>
    </message>
    <message>
        <source>OpenBLAS does not know this CPU model and chose %1 kernels; its flags allow %2, which are used instead</source>
        <translation>OpenBLAS 不认识此 CPU 型号，选择了 %1 内核；其指令集支持 %2，现改用 %2 内核</translation>
    </message>
</context>
</TS>
