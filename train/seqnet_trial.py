# A trial, not kept (docs/MODELS.md, "Wait model"): a sequence model of the
# opponent's river (a small transformer over its discards in order, read by
# one attention query per kind) beside the 111 wait features, trained on the
# tenpai samples TestSeqNetExport writes, then blended with the shipped trees
# by a logistic regression fitted on the even held-out games and scored on
# the odd ones. Needs python3-torch and python3-numpy (apt).
#
#   python3 train/seqnet_trial.py DIR [--no-seq] [--epochs N]
import argparse
import math
import sys
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

K, NF, T = 34, 111, 40
REC = np.dtype([('game', '<i4'), ('held', 'u1'), ('ron', '<u8'), ('tok', 'u1', (T, 6)),
                ('feat', '<f2', (K, NF)), ('tree', '<f4', (K,))])


def relation_table():
    """rel[k][kind+1]: how a token kind stands to the queried kind k."""
    rel = np.zeros((K, K + 1), dtype=np.int64)  # column 0: padding
    for k in range(K):
        for t in range(K):
            if k >= 27 or t >= 27:
                r = 17 if k == t else (18 if (k >= 27 and t >= 27) else 19)
            elif k // 9 == t // 9:
                r = (t % 9) - (k % 9) + 8  # 0..16
            else:
                r = 20
            rel[k, t + 1] = r
    return torch.from_numpy(rel)


class SeqNet(nn.Module):
    def __init__(self, d=64, heads=4, use_seq=True):
        super().__init__()
        self.use_seq, self.h, self.dh = use_seq, heads, d // heads
        self.tkind = nn.Embedding(K + 1, d, padding_idx=0)
        self.trole = nn.Embedding(5, d)
        self.tflag = nn.Linear(5, d)
        self.tidx = nn.Embedding(T + 1, d)
        self.tage = nn.Embedding(T + 1, d)
        self.tted = nn.Embedding(T + 1, d)
        layer = nn.TransformerEncoderLayer(d, heads, 2 * d, dropout=0.0, batch_first=True)
        self.enc = nn.TransformerEncoder(layer, 2)
        self.feat = nn.Sequential(nn.Linear(NF, 128), nn.ReLU(), nn.Linear(128, d))
        self.qkind = nn.Embedding(K, d)
        self.q = nn.Linear(d, d)
        self.kv = nn.Linear(d, 2 * d)
        self.bias = nn.Parameter(torch.zeros(heads, K, K + 1))
        self.relv = nn.Parameter(torch.zeros(heads, 21, self.dh))
        self.register_buffer('rel', relation_table())
        self.kinds = nn.TransformerEncoderLayer(2 * d, heads, 2 * d, dropout=0.0, batch_first=True)
        self.head = nn.Sequential(nn.Linear(2 * d, 64), nn.ReLU(), nn.Linear(64, 1))

    def forward(self, tok, feat):
        B = feat.shape[0]
        q = self.feat(feat) + self.qkind.weight[None]  # B, K, d
        if not self.use_seq:
            z = torch.cat([q, torch.zeros_like(q)], -1)
        else:
            tok = tok[:, :int((tok[:, :, 0] > 0).sum(1).max())]
            kind = tok[:, :, 0].long()
            pad = kind == 0
            flags = torch.stack([(tok[:, :, 2] >> i) & 1 for i in range(5)], -1).float()
            idx = tok[:, :, 4].long().clamp(max=T)
            n = (tok[:, :, 1] == 1).sum(1, keepdim=True)  # river length
            age = (n - 1 - tok[:, :, 4].long()).clamp(0, T)
            x = (self.tkind(kind) + self.trole(tok[:, :, 1].long()) + self.tflag(flags)
                 + self.tidx(idx) + self.tage(age) + self.tted(tok[:, :, 5].long().clamp(max=T)))
            hs = self.enc(x, src_key_padding_mask=pad)
            hs = torch.nan_to_num(hs)
            kk, vv = self.kv(hs).chunk(2, -1)
            H, dh = self.h, self.dh
            qh = self.q(q).view(B, K, H, dh).transpose(1, 2)  # B,H,K,dh
            kh = kk.view(B, -1, H, dh).transpose(1, 2)  # B,H,T,dh
            vh = vv.view(B, -1, H, dh).transpose(1, 2)
            logits = qh @ kh.transpose(-1, -2) / math.sqrt(dh)  # B,H,K,T
            logits = logits + self.bias[:, :, kind].permute(2, 0, 1, 3)  # H,K,B,T -> B,H,K,T
            logits = logits.masked_fill(pad[:, None, None, :], -1e9)
            a = logits.softmax(-1)
            out = a @ vh  # B,H,K,dh
            rel = self.rel[:, kind].permute(1, 0, 2)  # B,K,T
            arel = torch.zeros(B, H, K, 21, device=a.device).scatter_add_(
                3, rel[:, None].expand(B, H, K, rel.shape[-1]), a)
            out = out + arel @ self.relv[None]  # B,H,K,dh
            z = torch.cat([q, out.transpose(1, 2).reshape(B, K, -1)], -1)
        z = self.kinds(z)
        return self.head(z).squeeze(-1)


def labels(ron):
    bits = np.arange(K, dtype=np.uint64)
    return ((ron[:, None] >> bits[None]) & np.uint64(1)).astype(np.float32)


def auc(p, y):
    order = np.argsort(p, kind='mergesort')
    ps = p[order]
    ranks = np.empty(len(p))
    # average ranks over ties
    _, start, counts = np.unique(ps, return_index=True, return_counts=True)
    avg = start + (counts - 1) / 2.0 + 1
    ranks[order] = np.repeat(avg, counts)
    npos = y.sum()
    nneg = len(y) - npos
    return (ranks[y > 0].sum() - npos * (npos + 1) / 2) / (npos * nneg)


def logloss(p, y):
    p = np.clip(p, 1e-7, 1 - 1e-7)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def fit_logistic(X, y, iters=25):
    w = np.zeros(X.shape[1])
    for _ in range(iters):
        p = 1 / (1 + np.exp(-(X @ w)))
        g = X.T @ (p - y)
        h = (X * (p * (1 - p))[:, None]).T @ X
        w -= np.linalg.solve(h, g)
    return w


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('dir')
    ap.add_argument('--no-seq', action='store_true')
    ap.add_argument('--epochs', type=int, default=4)
    ap.add_argument('--batch', type=int, default=256)
    ap.add_argument('--lr', type=float, default=2e-3)
    ap.add_argument('--limit', type=int, default=0)
    ap.add_argument('--save', default='')
    args = ap.parse_args()
    torch.manual_seed(1)
    torch.set_num_threads(2)
    tr = np.fromfile(f'{args.dir}/train.bin', dtype=REC)
    ho = np.fromfile(f'{args.dir}/held.bin', dtype=REC)
    if args.limit:
        tr = tr[:args.limit]
    print(f'train {len(tr)} held-out {len(ho)}', flush=True)
    sub = tr['feat'][::10].astype(np.float32).reshape(-1, NF)
    mu = sub.mean(0)
    sd = sub.std(0) + 1e-3
    def feats(r):
        return torch.from_numpy((r['feat'].astype(np.float32) - mu) / sd)
    ytr = labels(tr['ron'])
    yho = labels(ho['ron'])
    net = SeqNet(use_seq=not args.no_seq)
    opt = torch.optim.AdamW(net.parameters(), lr=args.lr, weight_decay=1e-4)
    n = len(tr)
    steps = args.epochs * (n // args.batch)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: 0.5 * (1 + math.cos(math.pi * min(s, steps) / steps)))
    rng = np.random.default_rng(3)

    def predict(r):
        net.eval()
        out = []
        with torch.no_grad():
            for i in range(0, len(r), 1024):
                b = r[i:i + 1024]
                out.append(net(torch.from_numpy(b['tok'].copy()), feats(b)).numpy())
        net.train()
        return np.concatenate(out)

    t0 = time.time()
    for ep in range(args.epochs):
        perm = rng.permutation(n)
        tot, cnt = 0.0, 0
        for bi in range(n // args.batch):
            idx = np.sort(perm[bi * args.batch:(bi + 1) * args.batch])
            b = tr[idx]
            z = net(torch.from_numpy(b['tok'].copy()), feats(b))
            loss = F.binary_cross_entropy_with_logits(z, torch.from_numpy(ytr[idx]))
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            tot += loss.item()
            cnt += 1
            if bi % 200 == 0:
                print(f'ep {ep} batch {bi}/{n // args.batch} loss {tot / cnt:.5f} {time.time() - t0:.0f}s', flush=True)
        zh = predict(ho)
        ph = 1 / (1 + np.exp(-zh))
        print(f'epoch {ep}: train loss {tot / cnt:.5f}; held-out net AUC {auc(ph.ravel(), yho.ravel()):.5f} '
              f'log-loss {logloss(ph.ravel(), yho.ravel()):.5f} ({time.time() - t0:.0f}s)', flush=True)
    if args.save:
        np.save(args.save, zh)
    # blend on even games, score on odd
    pt = np.clip(ho['tree'].astype(np.float64), 1e-7, 1 - 1e-7)
    zt = np.log(pt / (1 - pt))
    even = (ho['game'] % 2 == 0)
    X = np.stack([np.ones_like(zt), zt, zh.astype(np.float64)], -1)
    w = fit_logistic(X[even].reshape(-1, 3), yho[even].ravel())
    odd = ~even
    yo = yho[odd].ravel()
    pb = 1 / (1 + np.exp(-(X[odd].reshape(-1, 3) @ w)))
    print(f'all held-out: trees AUC {auc(pt.ravel(), yho.ravel()):.5f} log-loss {logloss(pt.ravel(), yho.ravel()):.5f}')
    for name, p in [('trees', pt[odd].ravel()), ('net', 1 / (1 + np.exp(-zh[odd].ravel()))), ('blend', pb)]:
        print(f'odd held-out games ({len(yo)} pairs): {name:5s} AUC {auc(p, yo):.5f} log-loss {logloss(p, yo):.5f}')
    print('blend weights', w)


if __name__ == '__main__':
    sys.exit(main())
