#!/usr/bin/env python3
"""Write a random-weight DeepSeek-OCR-2-shaped checkpoint that vLLM 0.22.1 can serve offline.

Everything here is synthetic: no hub access, no real weights, no real vocabulary.

  python3 make_model_deepseek.py OUT_DIR [--no-weights] [--device cuda]
  python3 make_model_deepseek.py OUT_DIR --check      # on the device, with vLLM importable:
                                                      # compare the written names and shapes
                                                      # with vLLM's own vision modules

Files written to OUT_DIR:
  config.json            DeepseekOCR2ForCausalLM (model_type deepseek_vl_v2, auto_map AutoModel
                         modeling_deepseekocr2.DeepseekOCR2ForCausalLM), the published shapes:
                         DeepSeek-V2-style MoE language model (12 layers, hidden 1280, 10 heads,
                         64 routed experts of 896, 6 per token, 2 shared, layer 0 dense 6848,
                         no MLA), SAM ViT-B + 24-layer Qwen2-0.5B-shaped encoder, linear
                         projector 896 -> 1280
  generation_config.json
  tokenizer.json         byte-level BPE, 129 280 ids: <｜begin▁of▁sentence｜> 0,
                         <｜end▁of▁sentence｜> 1, <｜▁pad▁｜> 2, pseudo-words to 127 999,
                         added tokens from 128 000 with <image>, <|grounding|>, <|ref|>,
                         <|/ref|>, <|det|>, <|/det|> before <td> 128821 and </td> 128822 (the
                         real ids of the two whitelisted tokens; the others' ids are not the
                         real ones, nothing here depends on them)
  tokenizer_config.json  no chat template: like the published model, vLLM falls back to its
                         own template_deepseek_ocr.jinja (bos + the message text)
  model.safetensors      random bf16 weights, checkpoint names as the published files have them
                         ("model." prefix, per-expert gate/up/down, separate q/k/v), the names
                         vLLM's DeepseekOCR2ForCausalLM.load_weights maps (hf_to_vllm_mapper)
"""
import argparse
import json
import os
import time

from make_model import byte_level_bpe  # the OvisOCR2 tokenizer's construction

VOCAB = 129280
# The DeepSeek-OCR family's published processor settings: a 1024-px global view, 16-px patches,
# 4x downsampling (the values SGLang's DeepseekOCRProcessor needs; the device run used them).
PROCESSOR_CONFIG = {"processor_class": "DeepseekOCRProcessor", "candidate_resolutions": [[1024, 1024]],
                    "patch_size": 16, "downsample_ratio": 4, "image_mean": [0.5, 0.5, 0.5],
                    "image_std": [0.5, 0.5, 0.5], "normalize": True, "image_token": "<image>",
                    "pad_token": "<｜▁pad▁｜>", "add_special_token": False, "sft_format": "deepseek",
                    "mask_prompt": False, "ignore_id": -100}
BOS, EOS, PAD = "<｜begin▁of▁sentence｜>", "<｜end▁of▁sentence｜>", "<｜▁pad▁｜>"
FIRST_ADDED = 128000
TD_ID = 128821  # <td> in the real tokenizer; </td> is 128822
# Placed so that <td> and </td> land on their real ids.
GROUNDING_TOKENS = ["<image>", "<|grounding|>", "<|ref|>", "<|/ref|>", "<|det|>", "<|/det|>"]

TEXT = dict(
    vocab_size=VOCAB, hidden_size=1280, intermediate_size=6848, moe_intermediate_size=896,
    num_hidden_layers=12, num_attention_heads=10, num_key_value_heads=10,
    n_routed_experts=64, n_shared_experts=2, num_experts_per_tok=6, first_k_dense_replace=1,
    kv_lora_rank=None, q_lora_rank=None, qk_nope_head_dim=0, qk_rope_head_dim=0, v_head_dim=0,
    topk_method="greedy", n_group=1, topk_group=1, norm_topk_prob=False,
    routed_scaling_factor=1.0, max_position_embeddings=8192, rms_norm_eps=1e-6,
    hidden_act="silu", bos_token_id=0, eos_token_id=1, tie_word_embeddings=False,
    rope_parameters=dict(rope_type="default", rope_theta=10000.0), dtype="bfloat16",
)
SAM = dict(depth=12, dim=768, mlp=3072, image=1024, patch=16, window=14,
           global_blocks=(2, 5, 8, 11), out_chans=256, last_conv=896)
QWEN2_ENCODER = dict(layers=24, hidden=896, heads=14, kv_heads=2, intermediate=4864)


def make_config():
    return dict(
        architectures=["DeepseekOCR2ForCausalLM"], model_type="deepseek_vl_v2",
        auto_map={"AutoModel": "modeling_deepseekocr2.DeepseekOCR2ForCausalLM"},
        language_config=dict(architectures=["DeepseekV2ForCausalLM"], model_type="deepseek_v2",
                             **TEXT),
        vision_config=dict(model_type="vision", model_name="deepencoderv2", image_size=1024,
                           patch_size=16, width=768, layers=12, heads=12, mlp_ratio=4),
        projector_config=dict(model_type="mlp_projector", projector_type="linear",
                              input_dim=QWEN2_ENCODER["hidden"], n_embed=TEXT["hidden_size"]),
        tile_tag="2D", global_view_pos="head", candidate_resolutions=[[1024, 1024]],
        bos_token_id=0, eos_token_id=1, dtype="bfloat16", transformers_version="5.17.0",
    )


def sam_shapes():
    s, shapes = SAM, {}
    d, grid = s["dim"], s["image"] // s["patch"]
    shapes["sam_model.patch_embed.proj.weight"] = (d, 3, s["patch"], s["patch"])
    shapes["sam_model.patch_embed.proj.bias"] = (d,)
    shapes["sam_model.pos_embed"] = (1, grid, grid, d)
    for i in range(s["depth"]):
        b = f"sam_model.blocks.{i}."
        side = grid if i in s["global_blocks"] else s["window"]
        shapes.update({
            b + "norm1.weight": (d,), b + "norm1.bias": (d,),
            b + "attn.qkv.weight": (3 * d, d), b + "attn.qkv.bias": (3 * d,),
            b + "attn.proj.weight": (d, d), b + "attn.proj.bias": (d,),
            b + "attn.rel_pos_h": (2 * side - 1, d // 12), b + "attn.rel_pos_w": (2 * side - 1, d // 12),
            b + "norm2.weight": (d,), b + "norm2.bias": (d,),
            b + "mlp.lin1.weight": (s["mlp"], d), b + "mlp.lin1.bias": (s["mlp"],),
            b + "mlp.lin2.weight": (d, s["mlp"]), b + "mlp.lin2.bias": (d,),
        })
    c = s["out_chans"]
    shapes.update({
        "sam_model.neck.0.weight": (c, d, 1, 1), "sam_model.neck.1.weight": (c,),
        "sam_model.neck.1.bias": (c,), "sam_model.neck.2.weight": (c, c, 3, 3),
        "sam_model.neck.3.weight": (c,), "sam_model.neck.3.bias": (c,),
        "sam_model.net_2.weight": (512, 256, 3, 3), "sam_model.net_3.weight": (s["last_conv"], 512, 3, 3),
    })
    return shapes


def qwen2_encoder_shapes():
    q, shapes = QWEN2_ENCODER, {}
    h, kv = q["hidden"], q["kv_heads"] * (q["hidden"] // q["heads"])
    for i in range(q["layers"]):
        b = f"qwen2_model.model.model.layers.{i}."
        shapes.update({
            b + "self_attn.q_proj.weight": (h, h), b + "self_attn.q_proj.bias": (h,),
            b + "self_attn.k_proj.weight": (kv, h), b + "self_attn.k_proj.bias": (kv,),
            b + "self_attn.v_proj.weight": (kv, h), b + "self_attn.v_proj.bias": (kv,),
            b + "self_attn.o_proj.weight": (h, h),
            b + "mlp.gate_proj.weight": (q["intermediate"], h),
            b + "mlp.up_proj.weight": (q["intermediate"], h),
            b + "mlp.down_proj.weight": (h, q["intermediate"]),
            b + "input_layernorm.weight": (h,), b + "post_attention_layernorm.weight": (h,),
        })
    shapes["qwen2_model.model.model.norm.weight"] = (h,)
    shapes["qwen2_model.query_768.weight"] = (144, h)
    shapes["qwen2_model.query_1024.weight"] = (256, h)
    return shapes


def vision_shapes():
    """The vision side's parameter names and shapes, as vLLM's modules hold them."""
    n = TEXT["hidden_size"]
    return {**sam_shapes(), **qwen2_encoder_shapes(),
            "projector.layers.weight": (n, QWEN2_ENCODER["hidden"]), "projector.layers.bias": (n,),
            "view_seperator": (n,)}  # sic: the published name


def language_shapes():
    t, shapes = TEXT, {}
    h, v = t["hidden_size"], t["vocab_size"]
    shapes["model.embed_tokens.weight"] = (v, h)
    for i in range(t["num_hidden_layers"]):
        b = f"model.layers.{i}."
        shapes.update({b + f"self_attn.{p}_proj.weight": (h, h) for p in "qkvo"})
        shapes[b + "input_layernorm.weight"] = (h,)
        shapes[b + "post_attention_layernorm.weight"] = (h,)
        if i < t["first_k_dense_replace"]:
            mlp = {"mlp.": t["intermediate_size"]}
        else:
            shapes[b + "mlp.gate.weight"] = (t["n_routed_experts"], h)
            mlp = {f"mlp.experts.{e}.": t["moe_intermediate_size"] for e in range(t["n_routed_experts"])}
            mlp["mlp.shared_experts."] = t["moe_intermediate_size"] * t["n_shared_experts"]
        for part, width in mlp.items():
            shapes[b + part + "gate_proj.weight"] = (width, h)
            shapes[b + part + "up_proj.weight"] = (width, h)
            shapes[b + part + "down_proj.weight"] = (h, width)
    shapes["model.norm.weight"] = (h,)
    shapes["lm_head.weight"] = (v, h)
    return shapes


def checkpoint_shapes():
    """Checkpoint names: the vision side under "model.", which vLLM's mapper strips."""
    shapes = {"model." + name: shape for name, shape in vision_shapes().items()}
    shapes.update(language_shapes())
    return shapes


def added_tokens():
    names = [f"<｜place▁holder▁no▁{i}｜>" for i in range(TD_ID - len(GROUNDING_TOKENS) - FIRST_ADDED)]
    names += GROUNDING_TOKENS + ["<td>", "</td>"]
    while len(names) < VOCAB - FIRST_ADDED:
        names.append(f"<｜place▁holder▁no▁{len(names)}｜>")
    return names


def make_tokenizer(out):
    from tokenizers import AddedToken

    tok = byte_level_bpe({BOS: 0, EOS: 1, PAD: 2}, FIRST_ADDED, 0)
    tok.add_special_tokens([AddedToken(n, special=True, normalized=False) for n in (BOS, EOS, PAD)])
    tok.add_special_tokens([AddedToken(n, special=True, normalized=False) for n in added_tokens()])
    assert tok.token_to_id("<td>") == TD_ID and tok.token_to_id("</td>") == TD_ID + 1
    assert tok.token_to_id(BOS) == 0 and tok.token_to_id(EOS) == 1
    assert tok.get_vocab_size() == VOCAB, tok.get_vocab_size()
    tok.save(os.path.join(out, "tokenizer.json"))
    with open(os.path.join(out, "tokenizer_config.json"), "w") as f:
        json.dump(dict(tokenizer_class="PreTrainedTokenizerFast", model_max_length=8192,
                       bos_token=BOS, eos_token=EOS, pad_token=PAD, unk_token=None,
                       add_bos_token=False, add_eos_token=False,
                       clean_up_tokenization_spaces=False, legacy=True), f, indent=1)


def init_value(name, shape, gen, device):
    import torch

    if name.endswith("bias"):
        return torch.zeros(shape, device=device, dtype=torch.bfloat16)
    if len(shape) == 1 and name.endswith("weight"):  # layer and RMS norms: plain scale
        return torch.ones(shape, device=device, dtype=torch.bfloat16)
    scale = 0.02 if len(shape) > 1 else shape[0] ** -0.5
    return (torch.randn(shape, generator=gen, device=device, dtype=torch.float32) * scale).to(torch.bfloat16)


def make_weights(out, device):
    import torch
    from safetensors.torch import save_file

    gen = torch.Generator(device=device)
    gen.manual_seed(1234)
    tensors, count = {}, 0
    for name, shape in checkpoint_shapes().items():
        tensors[name] = init_value(name, shape, gen, device).cpu()
        count += tensors[name].numel()
    save_file(tensors, os.path.join(out, "model.safetensors"), metadata={"format": "pt"})
    return len(tensors), count


def vllm_vision_shapes():
    """The vision modules vLLM's DeepseekOCR2ForCausalLM builds, on 'meta', with its arguments."""
    from functools import partial

    import torch
    from vllm.config import VllmConfig, set_current_vllm_config
    from vllm.model_executor.models.deepencoder import ImageEncoderViT
    from vllm.model_executor.models.deepencoder2 import build_qwen2_decoder_as_encoder
    from vllm.model_executor.models.deepseek_vl2 import MlpProjector
    from vllm.transformers_utils.configs.deepseek_vl2 import MlpProjectorConfig

    with set_current_vllm_config(VllmConfig()), torch.device("meta"):
        modules = {
            "sam_model": ImageEncoderViT(
                depth=12, embed_dim=768, img_size=1024, mlp_ratio=4,
                norm_layer=partial(torch.nn.LayerNorm, eps=1e-6), num_heads=12, patch_size=16,
                qkv_bias=True, use_rel_pos=True, global_attn_indexes=[2, 5, 8, 11],
                window_size=14, out_chans=256, last_conv_output=896),
            "qwen2_model": build_qwen2_decoder_as_encoder(),
            "projector": MlpProjector(MlpProjectorConfig(**make_config()["projector_config"])),
        }
    shapes = {f"{prefix}.{name}": tuple(p.shape)
              for prefix, module in modules.items() for name, p in module.named_parameters()}
    shapes["view_seperator"] = (TEXT["hidden_size"],)
    return shapes


def check(out):
    """Written names/shapes against vLLM's own vision modules; 7 on any difference."""
    from safetensors import safe_open

    with safe_open(os.path.join(out, "model.safetensors"), "pt") as f:
        written = {name: tuple(f.get_slice(name).get_shape()) for name in f.keys()}
    expected = {"model." + k: v for k, v in vllm_vision_shapes().items()}
    vision_written = {k: v for k, v in written.items() if k.startswith("model.") and not k.startswith(
        ("model.layers.", "model.embed_tokens.", "model.norm."))}
    missing = sorted(set(expected) - set(vision_written))
    extra = sorted(set(vision_written) - set(expected))
    wrong = sorted(k for k in set(expected) & set(vision_written) if expected[k] != vision_written[k])
    print(f"vision check against vLLM's modules: {len(expected)} expected, {len(vision_written)} "
          f"written, missing {missing[:5]}, extra {extra[:5]}, wrong shape {wrong[:5]}")
    print(f"parameters written: {sum(_numel(s) for s in written.values()) / 1e9:.3f} B")
    return 0 if not (missing or extra or wrong) else 7


def _numel(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--no-weights", action="store_true")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--device", default="cuda")
    a = ap.parse_args()
    if a.check:
        raise SystemExit(check(a.out))
    t0 = time.time()
    os.makedirs(a.out, exist_ok=True)
    with open(os.path.join(a.out, "config.json"), "w") as f:
        json.dump(make_config(), f, indent=1)
    with open(os.path.join(a.out, "generation_config.json"), "w") as f:
        json.dump(dict(bos_token_id=0, eos_token_id=1, do_sample=False), f, indent=1)
    # SGLang builds its DeepseekOCRProcessor from this file (vLLM does not read it); without it
    # SGLang 0.5.17 stopped at start: "missing 3 required positional arguments:
    # 'candidate_resolutions', 'patch_size', and 'downsample_ratio'" (H200, 2026-12-01).
    with open(os.path.join(a.out, "processor_config.json"), "w") as f:
        json.dump(PROCESSOR_CONFIG, f, indent=1)
    make_tokenizer(a.out)
    msg = ""
    if not a.no_weights:
        tensors, params = make_weights(a.out, a.device)
        msg = f", {tensors} tensors, {params / 1e9:.3f} B parameters"
    print(f"model written to {a.out} in {time.time() - t0:.1f} s{msg}")


if __name__ == "__main__":
    main()
