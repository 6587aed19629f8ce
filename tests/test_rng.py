"""The generator: SplitMix64, and every way of drawing from it gives the
numbers its single step ``next64`` gives (``below``, ``random``, ``randoms``
and ``shuffle`` write the step out for speed)."""

from pygame_core import Rng


def test_next64_is_splitmix64():
    # The reference outputs of SplitMix64 from the state 0.
    rng = Rng(0)
    assert [rng.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def below_by_steps(rng, n):
    limit = (1 << 64) - (1 << 64) % n
    while True:
        x = rng.next64()
        if x < limit:
            return x % n


def test_each_draw_is_made_of_next64_steps():
    for seed in range(300):
        fast, slow = Rng(seed * 7919 + 3), Rng(seed * 7919 + 3)
        # The largest bounds are rejected often: the loop must go on.
        for n in (1, 2, 3, 7, 100, 3 << 62, (1 << 64) - 1):
            assert fast.below(n) == below_by_steps(slow, n)
        assert fast.random() == (slow.next64() >> 11) / (1 << 53)
        assert fast.randoms(5) == [(slow.next64() >> 11) / (1 << 53) for _ in range(5)]
        assert fast.randoms(0) == []
        items, reference = list(range(seed % 13)), list(range(seed % 13))
        fast.shuffle(items)
        for i in range(len(reference) - 1, 0, -1):
            j = below_by_steps(slow, i + 1)
            reference[i], reference[j] = reference[j], reference[i]
        assert items == reference
        assert fast.state == slow.state
