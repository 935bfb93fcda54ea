// Browser tests of "from answer to action" (issue 16): the migration checklist of 910B2 and 910C
// on a phone in zh and en, the checklist under a domestic Recommend pick, the serving curve drawn
// on a phone with a tapped point, the servers/disk/network lines, and the FSDP and MindIE copies.
import { PHONE_2X as PHONE, DESKTOP, launch, openPage, pageUrl, state, rects, press, screenshot, runner, expect, shotDir, ensureVisible, setField, settle } from './lib.mjs';

const t = runner();
const browser = await launch();

const drawn = async (page) => {
  await page.evaluate(() => window.xuanka.recordText(true));
  await settle(page);
  const s = await state(page);
  return s.drawn_text.join('\n');
};
const hash = (o) => encodeURIComponent(JSON.stringify(o));

for (const card of ['huawei-ascend-910b2', 'huawei-ascend-910c']) {
  await t.test(`phone: the migration checklist of ${card} in zh and en, QLoRA's items marked`, async () => {
    const job = { model: 'llama-3.1-8b', task: 'qlora', gpu: card, parallel: { gpus: 8 } };
    for (const lang of ['zh', 'en']) {
      const { page, problems } = await openPage(browser, PHONE, `${pageUrl}#lang=${lang}&view=compare&card=${card}&s=${hash(job)}`);
      expect((await rects(page))['detail.migration'], 'no migration checklist in the card detail');
      await ensureVisible(page, PHONE, 'detail.migration');
      const text = await drawn(page);
      // Huawei's guide: HCCL for NCCL, DistributedDataParallel for DataParallel; the card: no bitsandbytes.
      expect(text.includes('hccl'), 'HCCL is not named');
      expect(text.includes('DistributedDataParallel'), 'DataParallel -> DistributedDataParallel is not named');
      expect(text.includes('npu_fusion_attention'), 'npu_fusion_attention is not named');
      expect(text.includes(lang === 'zh' ? '【本任务涉及】' : '[this job]'), 'nothing marked as bearing on the QLoRA job');
      expect(text.includes('2.4.0.post2'), 'the CANN / torch_npu / PyTorch table is missing');
      const s = await state(page);
      expect(s.missing_glyphs.length === 0, `missing glyphs: ${s.missing_glyphs}`);
      await screenshot(page, `phone-${lang}-migration-${card.replace('huawei-ascend-', '')}`);
      // Further down: the version table.
      await ensureVisible(page, PHONE, 'detail.migration.versions');
      await settle(page);
      await screenshot(page, `phone-${lang}-migration-${card.replace('huawei-ascend-', '')}-versions`);
      expect(problems.length === 0, problems.join('; '));
      await page.close();
    }
  });
}

await t.test('phone: a domestic Recommend pick carries what the move changes and opens the checklist', async () => {
  const job = { model: 'llama-3.1-8b', task: 'qlora', gpu: 'nvidia-rtx-4090' };
  const { page, problems } = await openPage(browser, PHONE, `${pageUrl}#lang=zh&view=recommend&s=${hash(job)}`);
  await press(page, PHONE, 'rec.domestic');
  await settle(page);
  const r = await rects(page);
  expect(r['rec.migration.0'], `no checklist button on the first domestic pick (${Object.keys(r).filter((k) => k.startsWith('rec.')).join(' ')})`);
  const text = await drawn(page);
  expect(text.includes('本任务需要改'), 'the pick does not say what the move changes');
  await ensureVisible(page, PHONE, 'rec.migration.0');
  await screenshot(page, 'phone-zh-recommend-domestic-migration');
  // The pick's runnable configuration: QLoRA on one card -> the DeepSpeed JSON.
  await press(page, PHONE, 'rec.config.0');
  const copied = await page.evaluate(() => window.xuanka.lastCopy && window.xuanka.lastCopy.text);
  expect(copied && JSON.parse(copied).train_micro_batch_size_per_gpu >= 1, `copied ${copied && copied.slice(0, 200)}`);
  await press(page, PHONE, 'rec.migration.0');
  const s = await state(page);
  expect(s.view === 'compare', `view ${s.view}`);
  expect((await rects(page))['detail.migration'], 'the checklist did not open');
  expect(problems.length === 0, problems.join('; '));
  await page.close();
});

await t.test('phone: the serving curve is drawn and a tapped point reads out its batch, speed and throughput', async () => {
  const job = { model: 'llama-3.1-8b', task: 'inference', gpu: 'nvidia-h100-sxm5-80gb', serving: { prompt_tokens: 1024, output_tokens: 512 } };
  for (const lang of ['zh', 'en']) {
    const { page, problems } = await openPage(browser, PHONE, `${pageUrl}#lang=${lang}&s=${hash(job)}`);
    expect((await rects(page))['est.curve'], 'no serving curve');
    await ensureVisible(page, PHONE, 'est.curve');
    const c = (await rects(page))['est.curve'];
    // The first point (batch 1) sits left-top... of the curve: tap near the curve's left edge, where per-user speed is lowest is at the right;
    // tap the left end (the largest batch, slowest per user) and expect a batch above 1.
    await page.touchscreen.tap(c.x + 0.5 * c.w, c.y + 0.5 * c.h);
    await settle(page);
    const text = await drawn(page);
    expect(/(批量|Batch) \d+/.test(text), 'no point read out under the curve');
    await screenshot(page, `phone-${lang}-serving-curve`);
    if (lang === 'zh') {
      // Arrivals instead of users: 10 requests/s at 20 tokens/s each -> ~256 in flight (Little's law).
      await setField(page, PHONE, 'est.rps', '10');
      expect((await rects(page))['est.plan'], 'no serving plan from requests per second');
      const t2 = await drawn(page);
      const m = /同时在处理的请求\s*([\d,]+)/.exec(t2);
      expect(m && Number(m[1].replace(/,/g, '')) >= 256 && Number(m[1].replace(/,/g, '')) <= 260, `requests in flight: ${m && m[1]}`);
      await ensureVisible(page, PHONE, 'est.plan');
      await screenshot(page, 'phone-zh-serving-plan-rps');
    }
    expect(problems.length === 0, problems.join('; '));
    await page.close();
  }
});

await t.test('phone: 70B on 32 H800 shows servers, disk and network; the FSDP, Megatron, MindIE and SGLang copies', async () => {
  const job = { model: 'llama-3.1-70b', task: 'full_ft', gpu: 'nvidia-h800-sxm5-80gb', tokens: 1e9, seq_len: 4096, global_batch: 128,
                parallel: { gpus: 32, tp: 8, zero: 1 } };
  let { page, problems } = await openPage(browser, PHONE, `${pageUrl}#lang=zh&s=${hash(job)}`);
  expect((await rects(page))['est.host'], 'no host sizing');
  await ensureVisible(page, PHONE, 'est.host');
  let text = await drawn(page);
  expect(text.includes('4 台 × 8 卡'), 'servers not 4 x 8');
  expect(text.includes('DeepSeek-V3 H800'), 'no reference network design (the catalog\'s scale_out_server for the H800)');
  await screenshot(page, 'phone-zh-host');
  await press(page, PHONE, 'est.config.megatron');
  let copied = await page.evaluate(() => window.xuanka.lastCopy && window.xuanka.lastCopy.text);
  expect(copied && copied.includes('--tensor-model-parallel-size 8'), `copied ${copied && copied.slice(0, 200)}`);
  expect(problems.length === 0, problems.join('; '));
  await page.close();
  // FSDP: data parallel only, 8 cards.
  ({ page, problems } = await openPage(browser, PHONE, `${pageUrl}#lang=en&s=${hash({ model: 'llama-3.1-8b', task: 'full_ft', gpu: 'nvidia-h100-sxm5-80gb', parallel: { gpus: 8, zero: 3 } })}`));
  await press(page, PHONE, 'est.config.fsdp');
  copied = await page.evaluate(() => window.xuanka.lastCopy && window.xuanka.lastCopy.text);
  expect(copied && copied.includes('ShardingStrategy.FULL_SHARD'), `copied ${copied && copied.slice(0, 200)}`);
  await page.close();
  // MindIE: 72B served on 4 x 910B2.
  ({ page, problems } = await openPage(browser, PHONE, `${pageUrl}#lang=zh&s=${hash({ model: 'qwen2.5-72b', task: 'inference', gpu: 'huawei-ascend-910b2', parallel: { gpus: 4, tp: 4 } })}`));
  await press(page, PHONE, 'est.config.mindie');
  copied = await page.evaluate(() => window.xuanka.lastCopy && window.xuanka.lastCopy.text);
  const j = JSON.parse(copied);
  expect(j.BackendConfig.ModelDeployConfig.ModelConfig[0].worldSize === 4, `worldSize in ${copied.slice(0, 200)}`);
  await ensureVisible(page, PHONE, 'est.config.mindie');
  await screenshot(page, 'phone-zh-mindie-copied');
  expect(problems.length === 0, problems.join('; '));
  await page.close();
  // SGLang: Qwen3-235B served on an 8-card Atlas 800I A3 with SGLang (the engine the scenario names
  // comes first); the 910C's two dies a card are two NPUs to SGLang: --tp-size 16, --ep-size 16.
  ({ page, problems } = await openPage(browser, PHONE, `${pageUrl}#lang=zh&s=${hash({ model: 'qwen3-235b-a22b', task: 'inference', gpu: 'huawei-ascend-910c', weights: 'int8',
    serving: { batch: 480, prompt_tokens: 2048, output_tokens: 2048, engine: 'sglang' }, parallel: { gpus: 8, tp: 1, ep: 8 } })}`));
  await press(page, PHONE, 'est.config.sglang');
  copied = await page.evaluate(() => window.xuanka.lastCopy && window.xuanka.lastCopy.text);
  for (const want of ['python -m sglang.launch_server', '--tp-size 16', '--dp-size 8', '--enable-dp-attention', '--ep-size 16', '--device npu', '--quantization modelslim', '--max-running-requests 480']) {
    expect(copied && copied.includes(want), `${want} not in ${copied && copied.slice(0, 400)}`);
  }
  expect(problems.length === 0, problems.join('; '));
  await page.close();
});

await t.test('phone zh and desktop en: the cluster\'s own network per card (parallel.scale_out_gbps) replaces the reference server', async () => {
  // 70B pretraining on 64 H100s with ZeRO-3 on a cluster with 100 Gb/s per card (a quarter of a DGX
  // H100's 400): the row shows the value, the host line says "your cluster", and the sync is slower.
  const job = { model: 'llama-3.1-70b', task: 'pretrain', gpu: 'nvidia-h100-sxm5-80gb', tokens: 1e11, seq_len: 4096, global_batch: 64, recompute: 'full',
                parallel: { gpus: 64, zero: 3, scale_out_gbps: 100 } };
  const ref = { ...job, parallel: { gpus: 64, zero: 3 } };
  for (const [device, lang] of [[PHONE, 'zh'], [DESKTOP, 'en']]) {
    let { page, problems } = await openPage(browser, device, `${pageUrl}#lang=${lang}&s=${hash(job)}`);
    let s = await state(page);
    expect(s.scenario.parallel.scale_out_gbps === 100, `scenario ${JSON.stringify(s.scenario.parallel)}`);
    const slow = s.results.days;
    await ensureVisible(page, device, 'est.scale_out');
    let text = await drawn(page);
    expect(text.includes(lang === 'zh' ? '每卡跨机网络' : 'Cross-server Gb/s per card'), 'no network row');
    await ensureVisible(page, device, 'est.host');
    text = await drawn(page);
    expect(text.includes(lang === 'zh' ? '你的集群：每卡 100 Gb/s' : 'your cluster: 100 Gb/s per card'), 'the host line does not name the cluster');
    await screenshot(page, `${device.name}-${lang}-scale-out`);
    expect(problems.length === 0, problems.join('; '));
    await page.close();
    ({ page, problems } = await openPage(browser, device, `${pageUrl}#lang=${lang}&s=${hash(ref)}`));
    s = await state(page);
    expect(slow > s.results.days, `100 Gb/s run ${slow} days not longer than the reference server's ${s.results.days}`);
    await page.close();
  }
});

await browser.close();
console.log(`screenshots: ${shotDir}`);
process.exit(t.finish());
