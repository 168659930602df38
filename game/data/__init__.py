"""Card data shipped inside the package, so an installed botyard finds cards.yaml anywhere."""
