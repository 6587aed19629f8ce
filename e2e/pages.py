"""What the browser tests ask of a page, shared by the test modules."""

# Settled: no request in flight, and the game is over or something can be
# chosen (a bot's turn, or the pause before it, has no choice on screen).
SETTLED = """() => {
  const status = document.getElementById('status');
  if (!status || status.getAttribute('aria-busy') !== 'false') return false;
  if (status.dataset.state === 'over') return true;
  return [...document.querySelectorAll('[data-choice]')].some((e) => e.checkVisibility());
}"""


def settle(page, timeout: int = 60_000) -> None:
    """Wait until the page is settled (see ``SETTLED``)."""
    page.wait_for_function(SETTLED, timeout=timeout)
