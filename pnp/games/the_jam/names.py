"""The Jam's card names (`card_name`): a recipe's title reads the card it is made from, so
`names:` cannot say it; deck.py words them."""
from .deck import card_name

__all__ = ["card_name"]
