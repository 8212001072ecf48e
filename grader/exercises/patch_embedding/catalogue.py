"""``patchify`` (B, C·P·P, N) in row-major patch order and ``patch_embedding`` (B, D, N+1)."""
import torch

from grader.catalogue import alternative, wrong
from solutions.patch_embedding import patchify


@wrong("patchify", """
    Your patches are in column-major order (top to bottom, then left to right). Patches are numbered like text is
    read: left to right along the first row of patches, then the next row — patch n sits at grid row n // (W/P),
    grid column n % (W/P).""")
def patches_column_major(images, patch_size):
    B, C, H, W = images.shape
    P = patch_size
    grid = images.reshape(B, C, H // P, P, W // P, P)
    return grid.permute(0, 1, 3, 5, 4, 2).reshape(B, C * P * P, (H // P) * (W // P))


@wrong("patchify", """
    Each of your patch columns lists its pixels channel-LAST (row, column, channel). The contract flattens a patch in
    (channel, row, column) order, the order of Conv2d(C, D, P, stride=P).weight.reshape(D, -1).""")
def patch_flattened_channels_last(images, patch_size):
    B, C, H, W = images.shape
    P = patch_size
    grid = images.reshape(B, C, H // P, P, W // P, P)
    return grid.permute(0, 3, 5, 1, 2, 4).reshape(B, C * P * P, (H // P) * (W // P))


@wrong("patchify", """
    You reshaped the image straight to (B, C·P·P, N). A reshape keeps memory order, so a 'patch' becomes a run of
    consecutive pixels of one image row, not a P×P square. Split H and W into (H/P, P) and (W/P, P), permute the
    axes to (C, P, P, H/P, W/P), then flatten.""")
def patchify_by_reshape_only(images, patch_size):
    B, C, H, W = images.shape
    P = patch_size
    return images.reshape(B, C * P * P, (H // P) * (W // P))


@wrong("patch_embedding", """
    You appended [CLS] at the END. The class token is column 0: torch.cat([cls, tokens], dim=-1), and positions[:, 0]
    is its position.""")
def cls_token_appended_last(images, patch_size, W, b, cls_token, positions):
    tokens = W @ patchify(images, patch_size) + b[:, None]
    cls = cls_token[None, :, None].expand(len(images), -1, 1)
    return torch.cat([tokens, cls], dim=-1) + positions


@wrong("patch_embedding", """
    You added the bias b to the [CLS] column too. The projection W·patch + b applies to the patches only; [CLS] is a
    learned vector on its own, prepended as is, and then every column (CLS included) gets its position.""")
def bias_added_to_cls(images, patch_size, W, b, cls_token, positions):
    tokens = W @ patchify(images, patch_size)
    cls = cls_token[None, :, None].expand(len(images), -1, 1)
    return torch.cat([cls, tokens], dim=-1) + b[:, None] + positions


@wrong("patch_embedding", """
    Your [CLS] column gets no position: you added positions to the patches before prepending it (and so used the wrong
    position columns). Prepend [CLS] first, then add the (D, N+1) positions to all N+1 columns.""")
def cls_without_position(images, patch_size, W, b, cls_token, positions):
    tokens = W @ patchify(images, patch_size) + b[:, None] + positions[:, : positions.shape[1] - 1]
    cls = cls_token[None, :, None].expand(len(images), -1, 1)
    return torch.cat([cls, tokens], dim=-1)


@alternative("patchify", "torch.nn.functional.unfold, which lists patches row-major and pixels (C, P, P).")
def unfold_patches(images, patch_size):
    B, C, H, W = images.shape
    if H % patch_size or W % patch_size:
        raise ValueError(f"images: H={H} and W={W} must be multiples of patch_size={patch_size}")
    return torch.nn.functional.unfold(images, kernel_size=patch_size, stride=patch_size)


@alternative("patchify", "Loops over the patch grid, each patch flattened with reshape.")
def loop_over_grid(images, patch_size):
    B, C, H, W = images.shape
    P = patch_size
    if H % P or W % P:
        raise ValueError(f"images: H={H} and W={W} must be multiples of patch_size={P}")
    columns = [images[:, :, r:r + P, c:c + P].reshape(B, C * P * P) for r in range(0, H, P) for c in range(0, W, P)]
    return torch.stack(columns, dim=-1)


@alternative("patch_embedding", "A strided Conv2d (functional) computes W·patches + b.")
def conv2d_projection(images, patch_size, W, b, cls_token, positions):
    B, C = images.shape[:2]
    kernel = W.reshape(W.shape[0], C, patch_size, patch_size)
    tokens = torch.nn.functional.conv2d(images, kernel, b, stride=patch_size).flatten(2)      # (B, D, N)
    return torch.cat([cls_token.expand(B, 1, -1).transpose(1, 2), tokens], dim=2) + positions


@alternative("patch_embedding", "einsum over the patches, [CLS] written into a preallocated tensor.")
def einsum_preallocated(images, patch_size, W, b, cls_token, positions):
    patches = patchify(images, patch_size)
    out = positions.expand(len(images), -1, -1).clone()
    out[:, :, 0] += cls_token
    out[:, :, 1:] += torch.einsum("dk,bkn->bdn", W, patches) + b[:, None]
    return out


@alternative("patchify", "unflatten H and W into (grid, P), permute to (C, P, P, grid rows, grid columns), flatten.")
def unflatten_permute_flatten(images, patch_size):
    B, C, H, W = images.shape
    P = patch_size
    if H % P or W % P:
        raise ValueError(f"images: H={H} and W={W} must be multiples of patch_size={P}")
    grid = images.unflatten(2, (H // P, P)).unflatten(4, (W // P, P))            # (B, C, H/P, P, W/P, P)
    return grid.permute(0, 1, 3, 5, 2, 4).flatten(1, 3).flatten(2)              # (B, C·P·P, N)


@alternative("patch_embedding", "torch.nn.functional.linear on the transposed patches, [CLS] concatenated in the row "
             "layout, transposed back.")
def linear_in_row_layout(images, patch_size, W, b, cls_token, positions):
    rows = torch.nn.functional.linear(patchify(images, patch_size).transpose(1, 2), W, b)     # (B, N, D)
    rows = torch.cat([cls_token.expand(len(images), 1, -1), rows], dim=1)                     # (B, N+1, D)
    return rows.transpose(1, 2) + positions


@wrong("patchify", """
    You cut the image as if it were (B, C, W, H): the grid uses W/P rows and H/P columns. A tensor image is (B, C, H, W)
    — height first (PIL's size is (W, H), a frequent source of the swap). For a non-square image the patches then
    mix pixels of different places; reshape to (B, C, H/P, P, W/P, P).""")
def patchify_height_width_swapped(images, patch_size):
    B, C, H, W = images.shape
    P = patch_size
    grid = images.reshape(B, C, W // P, P, H // P, P)
    return grid.permute(0, 2, 4, 1, 3, 5).reshape(B, (H // P) * (W // P), C * P * P).transpose(1, 2)


@wrong("patchify", """
    Your patches overlap: torch.nn.functional.unfold (or Tensor.unfold) without stride=P slides the P×P window one
    pixel at a time, giving (H-P+1)(W-P+1) patches. ViT patches tile the image: pass stride=patch_size.""")
def patches_overlap(images, patch_size):
    return torch.nn.functional.unfold(images, kernel_size=patch_size)


@wrong("patch_embedding", """
    You left out the bias b of the patch projection: each patch token is W · patch + b. (A Conv2d patch embedding has
    this bias too.)""")
def projection_bias_forgotten(images, patch_size, W, b, cls_token, positions):
    tokens = W @ patchify(images, patch_size)
    cls = cls_token[None, :, None].expand(len(images), -1, 1)
    return torch.cat([cls, tokens], dim=-1) + positions


@wrong("patch_embedding", """
    Your patches get their positions (columns 1 .. N) but [CLS] gets none: you added positions[:, 1:] to the patches
    and prepended the bare class token. [CLS] has a position too, positions[:, 0]: add the (D, N+1) positions after
    prepending.""")
def cls_position_forgotten(images, patch_size, W, b, cls_token, positions):
    tokens = W @ patchify(images, patch_size) + b[:, None] + positions[:, 1:]
    cls = cls_token[None, :, None].expand(len(images), -1, 1)
    return torch.cat([cls, tokens], dim=-1)


@wrong("patch_embedding", """
    You multiplied the patch rows by W (patches^T @ W), which is W^T · patches: W is stored (out, in) = (D, C·P·P),
    like torch.nn.Linear.weight, so a patch column becomes W @ patch + b (or, in the row layout, rows @ W.T + b). The
    two agree in shape only when D = C·P·P, and even then the values differ.""")
def projection_transposed(images, patch_size, W, b, cls_token, positions):
    rows = patchify(images, patch_size).transpose(1, 2)                    # (B, N, C·P·P)
    tokens = (rows @ W + b).transpose(1, 2)
    cls = cls_token[None, :, None].expand(len(images), -1, 1)
    return torch.cat([cls, tokens], dim=-1) + positions


@wrong("patch_embedding", """
    You added the position table transposed (positions.T, as if it were (N + 1, D), one row per token). The table is
    (D, N + 1), one COLUMN per token like the output: add it as it is, so column n gets positions[:, n]. Transposed, it
    only fits when D = N + 1, and then every token gets the wrong position.""")
def positions_added_transposed(images, patch_size, W, b, cls_token, positions):
    tokens = W @ patchify(images, patch_size) + b[:, None]
    cls = cls_token[None, :, None].expand(len(images), -1, 1)
    return torch.cat([cls, tokens], dim=-1) + positions.T
