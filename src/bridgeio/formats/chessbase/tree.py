"""The AVL sort tree of a ChessBase entity file, over slot ids.

Links live in plain lists (``left``, ``right``); balance bytes are computed from heights as
real files store them: height(right) - height(left). Every walk is iterative and guarded, so a
cyclic or out-of-range link in a hostile file ends in :class:`TreeError`, never a hang.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bridgeio.formats.chessbase.layout import NO_NODE


class TreeError(ValueError):
    """A link that points outside the file or back into the tree."""


class SortTree:
    """An AVL tree over slot ids ordered by ``key(id)``."""

    def __init__(
        self, left: list[int], right: list[int], root: int, key: Callable[[int], Any]
    ) -> None:
        self.left, self.right, self.root, self.key = left, right, root, key
        self._heights: dict[int, int] | None = None

    @classmethod
    def balanced(cls, order: list[int], size: int, key: Callable[[int], Any]) -> SortTree:
        """A tree over ``size`` slots holding ``order`` (already sorted), as flat as can be:
        the middle of every range is its root, so heights differ by at most one."""
        left, right = [NO_NODE] * size, [NO_NODE] * size
        tree = cls(left, right, NO_NODE, key)
        if not order:
            return tree
        tree.root = order[(len(order) - 1) // 2]
        stack = [(0, len(order) - 1)]
        while stack:
            low, high = stack.pop()
            middle = (low + high) // 2
            node = order[middle]
            if low < middle:
                left[node] = order[(low + middle - 1) // 2]
                stack.append((low, middle - 1))
            if middle < high:
                right[node] = order[(middle + 1 + high) // 2]
                stack.append((middle + 1, high))
        return tree

    def in_order(self) -> list[int]:
        """Ids in sort order; :class:`TreeError` on a bad, cyclic or repeated link."""
        order: list[int] = []
        stack: list[int] = []
        node = self.root
        left, right, size = self.left, self.right, len(self.left)
        try:
            while stack or node != NO_NODE:
                while node != NO_NODE:
                    stack.append(node)
                    node = left[node]
                    if len(stack) > size:
                        raise TreeError("a cycle of links")
                node = stack.pop()
                order.append(node)
                if len(order) > size:
                    raise TreeError("a cycle of links")
                node = right[node]
        except IndexError:
            raise TreeError(f"a link to a slot outside the file's {size} slots") from None
        if order and (min(order) < 0 or len(set(order)) != len(order)):
            bad = min(order) if min(order) < 0 else next(n for n in order if order.count(n) > 1)
            raise TreeError(
                f"slot {bad} is reached twice (a cycle or a shared child)"
                if bad >= 0
                else f"a link to slot {bad}, outside the file"
            )
        return order

    def heights(self) -> dict[int, int]:
        """Height of every node (a leaf is 1), from one post-order pass."""
        if self._heights is None:
            heights: dict[int, int] = {}
            for node in reversed(self._pre_order()):
                heights[node] = 1 + max(
                    self._height(heights, self.left[node]), self._height(heights, self.right[node])
                )
            self._heights = heights
        return self._heights

    def _pre_order(self) -> list[int]:
        self.in_order()  # validates the links
        order, stack = [], [self.root] if self.root != NO_NODE else []
        while stack:
            node = stack.pop()
            order.append(node)
            stack.extend(c for c in (self.left[node], self.right[node]) if c != NO_NODE)
        return order

    @staticmethod
    def _height(heights: dict[int, int], node: int) -> int:
        return 0 if node == NO_NODE else heights[node]

    def balance(self, node: int) -> int:
        """height(right) - height(left) of ``node``, as files store it."""
        heights = self.heights()
        return self._height(heights, self.right[node]) - self._height(heights, self.left[node])

    # Editing: insert and remove with rebalancing along the path to the root.
    def _rotate_left(self, node: int) -> int:
        pivot = self.right[node]
        self.right[node], self.left[pivot] = self.left[pivot], node
        self._fix(node)
        self._fix(pivot)
        return pivot

    def _rotate_right(self, node: int) -> int:
        pivot = self.left[node]
        self.left[node], self.right[pivot] = self.right[pivot], node
        self._fix(node)
        self._fix(pivot)
        return pivot

    def _fix(self, node: int) -> None:
        heights = self.heights()
        heights[node] = 1 + max(
            self._height(heights, self.left[node]), self._height(heights, self.right[node])
        )

    def _rebalance(self, node: int) -> int:
        self._fix(node)
        if self.balance(node) > 1:
            if self.balance(self.right[node]) < 0:
                self.right[node] = self._rotate_right(self.right[node])
            return self._rotate_left(node)
        if self.balance(node) < -1:
            if self.balance(self.left[node]) > 0:
                self.left[node] = self._rotate_left(self.left[node])
            return self._rotate_right(node)
        return node

    def _retrace(self, path: list[int]) -> None:
        """Rebalance every node of ``path`` (root first), deepest first, relinking parents."""
        for depth in range(len(path) - 1, -1, -1):
            node = path[depth]
            top = self._rebalance(node)
            if depth == 0:
                self.root = top
            elif self.left[path[depth - 1]] == node:
                self.left[path[depth - 1]] = top
            else:
                self.right[path[depth - 1]] = top

    def insert(self, node: int) -> None:
        """Add slot ``node`` (its links are reset); equal keys go after existing ones."""
        self.heights()
        while len(self.left) <= node:
            self.left.append(NO_NODE)
            self.right.append(NO_NODE)
        self.left[node] = self.right[node] = NO_NODE
        self.heights()[node] = 1
        if self.root == NO_NODE:
            self.root = node
            return
        path, current, key = [], self.root, self.key(node)
        while current != NO_NODE:
            path.append(current)
            current = self.left[current] if key < self.key(current) else self.right[current]
        parent = path[-1]
        if key < self.key(parent):
            self.left[parent] = node
        else:
            self.right[parent] = node
        self._retrace(path)

    def path_to(self, node: int) -> list[int]:
        """The nodes from the root down to ``node``; ValueError if it is not in the tree."""
        key = self.key(node)
        stack = [[self.root]] if self.root != NO_NODE else []
        while stack:
            path = stack.pop()
            current = path[-1]
            if current == node:
                return path
            here = self.key(current)
            for child, possible in (
                (self.right[current], key >= here),
                (self.left[current], key <= here),
            ):
                if possible and child != NO_NODE:
                    stack.append([*path, child])
        raise ValueError(f"slot {node} is not in the tree")

    def remove(self, node: int) -> None:
        """Take slot ``node`` out of the tree."""
        self.heights()
        path = self.path_to(node)
        left, right = self.left[node], self.right[node]
        if left != NO_NODE and right != NO_NODE:
            # The successor (leftmost of the right subtree) takes the node's place.
            below = [right]
            while self.left[below[-1]] != NO_NODE:
                below.append(self.left[below[-1]])
            successor = below[-1]
            if len(below) > 1:
                self.left[below[-2]] = self.right[successor]
                self.right[successor] = right
            self.left[successor] = left
            self._replace_child(path[:-1], node, successor)
            retrace = [*path[:-1], successor, *below[:-1]]
        else:
            self._replace_child(path[:-1], node, left if left != NO_NODE else right)
            retrace = path[:-1]
        self.left[node] = self.right[node] = NO_NODE
        self.heights().pop(node, None)
        self._retrace(retrace)

    def _replace_child(self, parents: list[int], old: int, new: int) -> None:
        if not parents:
            self.root = new
        elif self.left[parents[-1]] == old:
            self.left[parents[-1]] = new
        else:
            self.right[parents[-1]] = new
