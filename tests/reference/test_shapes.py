"""`reference._shapes.broadcast_shapes`: the same shapes and errors as `torch.broadcast_shapes`, without importing
sympy (which `torch.broadcast_shapes` pulls in on first use: most of a second of every grading process)."""
import subprocess
import sys

import pytest
import torch

from reference._shapes import broadcast_shapes

SHAPES = [((2,), (3, 1), (1, 1, 1)), ((), ()), ((4,),), ((0,), (1,)), ((2, 0, 3), (1, 3)), ((4, 1), (1, 5)),
          (torch.Size([2, 3]), (3,)), ((1,), (2, 1, 1), ())]


@pytest.mark.parametrize("shapes", SHAPES)
def test_same_as_torch(shapes):
    assert broadcast_shapes(*shapes) == torch.broadcast_shapes(*shapes)
    assert isinstance(broadcast_shapes(*shapes), torch.Size)


@pytest.mark.parametrize("shapes", [((2,), (3,)), ((2, 3), (3, 2)), ((0,), (2,))])
def test_incompatible_shapes_raise_like_torch(shapes):
    with pytest.raises(RuntimeError):
        torch.broadcast_shapes(*shapes)
    with pytest.raises(RuntimeError):
        broadcast_shapes(*shapes)


def test_does_not_import_sympy():
    code = ("import sys; from reference._shapes import broadcast_shapes; broadcast_shapes((2, 1), (3,)); "
            "print('sympy' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True).stdout.strip() == "False"
