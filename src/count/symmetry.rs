//! The board's symmetries, so that a count from every square counts once per class of squares
//! that the symmetries carry into one another (a rectangle's four, a square board's eight carry
//! tours to tours, so squares of one class start as many).

use crate::board::{Board, Colour, Coord, Square};

/// Squares a symmetry of the board carries into one another, the first standing for them all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Class {
    pub squares: Vec<Square>,
    /// No open tour starts here, by the colour argument: on a board of odd area a tour
    /// alternates colours through an odd number of squares, so it starts and ends on the
    /// corners' colour (one square alone excepted).
    pub no_open_tour: bool,
}

impl Class {
    pub fn representative(&self) -> Square {
        self.squares[0]
    }
}

/// The board's classes of squares, in the order of their first square.
pub fn classes(board: Board) -> Vec<Class> {
    let mut class_of: Vec<Option<usize>> = vec![None; board.len() as usize];
    let mut classes: Vec<Class> = Vec::new();
    for square in board.squares() {
        if class_of[square.index()].is_some() {
            continue;
        }
        let mut squares: Vec<Square> = images(board, square).collect();
        squares.sort();
        squares.dedup();
        for image in &squares {
            class_of[image.index()] = Some(classes.len());
        }
        let no_open_tour = board.len() % 2 == 1 && board.len() > 1 && board.colour(square) == Colour::Other;
        classes.push(Class { squares, no_open_tour });
    }
    classes
}

/// The squares `square` is carried to by the board's symmetries (itself included).
fn images(board: Board, square: Square) -> impl Iterator<Item = Square> {
    let Coord { row, col } = board.coord(square);
    let (last_row, last_col) = (board.rows() - 1, board.cols() - 1);
    let mut images =
        vec![(row, col), (last_row - row, col), (row, last_col - col), (last_row - row, last_col - col)];
    if board.rows() == board.cols() {
        images.extend(images.clone().into_iter().map(|(row, col)| (col, row)));
    }
    images.into_iter().map(move |(row, col)| board.square(row, col))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_square_board_has_classes_of_up_to_eight() {
        let board = Board::new(8, 8).unwrap();
        let classes = classes(board);
        assert_eq!(classes.len(), 10);
        assert_eq!(classes.iter().map(|class| class.squares.len()).sum::<usize>(), 64);
        assert!(classes.iter().all(|class| [4, 8].contains(&class.squares.len())));
    }

    #[test]
    fn a_rectangle_has_classes_of_up_to_four_and_odd_boards_rule_out_a_colour() {
        let board = Board::new(5, 7).unwrap();
        let classes = classes(board);
        assert_eq!(classes.iter().map(|class| class.squares.len()).sum::<usize>(), 35);
        assert_eq!(classes.len(), 12);
        for class in classes {
            assert_eq!(class.no_open_tour, board.colour(class.representative()) == Colour::Other);
        }
    }
}
