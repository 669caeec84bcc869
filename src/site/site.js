// The game pages' replay: written by the game page's part.
